// An empty stack or list reaches the wire as `[]`, in `store.state` and in the patches of state
// events, from a real navd process (the bug issue 18 fixed: they were `{}`).

import Foundation
import NavClient
import NavProtocol
import XCTest

final class EmptyArraysEndToEndTests: XCTestCase {
  func testEmptyStacksAndListsAreArraysInStateAndPatches() throws {
    let directory = try temporaryTestDirectory("empty-arrays")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (daemon, socket) = try launchNavd(
      ["--session", "n=navigation", "--session", "k=contacts"], in: directory)
    defer {
      daemon.terminate()
      daemon.waitUntilExit()
    }

    let client = try RemoteClient(socketPath: socket)
    XCTAssertEqual(try client.call("store.state", ["session": "n"])["state"]?["path"], .array([]))
    XCTAssertEqual(try client.call("store.state", ["session": "k"])["state"], ["contacts": []])
    XCTAssertEqual(
      try client.call("store.state", ["session": "k", "path": "contacts"])["state"], .array([]))

    // Add a contact and delete it again, watching the state events.
    _ = try client.call("subscribe", ["session": "k", "events": ["state"]])
    for (action, args) in [
      ("addButtonTapped", [] as [JSONValue]),
      ("destination.presented.addContact.setName", ["Blob"]),
      ("destination.presented.addContact.saveButtonTapped", []),
    ] {
      _ = try client.call(
        "store.send", ["session": "k", "action": .string(action), "args": .array(args)])
    }
    // The sheet's delegate action comes from an effect: wait for it to add the contact.
    _ = try client.call(
      "store.await", ["session": "k", "predicate": "#s.contacts == 1", "timeout": 10])
    let added = try client.call("store.state", ["session": "k", "path": "contacts[1].id"])["state"]
    XCTAssertNotNil(added?.stringValue, "the new contact has an id: \(String(describing: added))")
    for action in ["deleteButtonTapped", "destination.presented.alert.confirmDeletion"] {
      _ = try client.call(
        "store.send", ["session": "k", "action": .string(action), "args": .array([added ?? .null])])
    }
    let final = try client.call(
      "store.await", ["session": "k", "predicate": "#s.contacts == 0", "timeout": 10])
    XCTAssertEqual(final["state"]?["contacts"], .array([]))

    var patches: [JSONValue] = []
    var versions = 0
    while versions < (final["version"]?.intValue ?? 0) {
      let event = try client.nextNotification()
      guard event.method == "event.state", case .array(let ops)? = event.params?["patch"] else {
        continue
      }
      versions += 1
      patches.append(contentsOf: ops)
    }
    let touchingContacts = patches.filter {
      $0["path"]?.stringValue?.hasPrefix("/contacts") == true
    }
    XCTAssertFalse(touchingContacts.isEmpty, "the patches change the contacts: \(patches)")
    for op in touchingContacts where op["path"] == "/contacts" {
      XCTAssertEqual(op["value"]?.typeName, "array", "/contacts is replaced by an array: \(op)")
    }
  }
}
