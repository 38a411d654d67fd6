// Who may connect, from a peer's credentials.

import Glibc
import XCTest

@testable import NavServer

final class PeerPolicyTests: XCTestCase {
  func peer(uid: UInt32, gid: UInt32 = 4242) -> PeerCredentials {
    PeerCredentials(pid: 99, uid: uid, gid: gid)
  }

  func testTheOwnUserAndRootOnlyByDefault() {
    let policy = PeerPolicy(ownUser: 1000)
    XCTAssertTrue(policy.allows(peer(uid: 1000)))
    XCTAssertTrue(policy.allows(peer(uid: 0)))
    XCTAssertFalse(policy.allows(peer(uid: 1001)))
    XCTAssertFalse(policy.allows(peer(uid: 65534, gid: 65534)))
  }

  func testListedUsersAndGroups() {
    var policy = PeerPolicy(ownUser: 1000)
    policy.allowedUsers = [1001]
    XCTAssertTrue(policy.allows(peer(uid: 1001)))
    XCTAssertFalse(policy.allows(peer(uid: 1002)))
    policy.allowedGroups = [4242]
    XCTAssertTrue(policy.allows(peer(uid: 1002, gid: 4242)), "the primary group")
    XCTAssertFalse(policy.allows(peer(uid: 1002, gid: 4243)))
  }

  func testSupplementaryMembershipComesFromTheGroupDatabase() throws {
    // root's group in the user database is root (gid 0): a peer running as root with another
    // effective group is still a member of it.
    let groups = PeerPolicy.groups(ofUser: 0, primary: 4242)
    XCTAssertTrue(groups.contains(0) && groups.contains(4242), "\(groups)")
    var policy = PeerPolicy(ownUser: 1000)
    policy.allowedGroups = [0]
    // uid 0 is allowed anyway; check a user that exists and is in no listed group instead.
    let nobody = try XCTUnwrap(PeerPolicy.userID("nobody"))
    XCTAssertFalse(policy.allows(peer(uid: nobody, gid: 4242)))
  }

  func testNamesAndNumbers() {
    XCTAssertEqual(PeerPolicy.userID("root"), 0)
    XCTAssertEqual(PeerPolicy.userID("1234"), 1234)
    XCTAssertNil(PeerPolicy.userID("no-such-user-here"))
    XCTAssertEqual(PeerPolicy.groupID("root"), 0)
    XCTAssertNil(PeerPolicy.groupID("no-such-group-here"))
  }

  func testTheSummaryListsWhoIsAllowed() {
    var policy = PeerPolicy(ownUser: 1000)
    policy.allowedUsers = [7]
    policy.allowedGroups = [0]
    XCTAssertEqual(policy.summary, "uid 0, 1000, 7; group 0 (root)")
  }
}
