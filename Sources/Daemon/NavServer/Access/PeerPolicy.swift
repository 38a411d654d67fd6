// Who may use the control socket: decided from the peer's credentials (SO_PEERCRED) on every
// accepted connection, on top of the socket file's own permissions.

import Foundation
import Glibc

/// The process on the other end of a Unix socket, from `SO_PEERCRED`.
public struct PeerCredentials: Sendable, Equatable {
  /// The peer's process id.
  public var pid: Int32
  /// The peer's effective user id.
  public var uid: UInt32
  /// The peer's effective group id.
  public var gid: UInt32

  /// Creates credentials.
  public init(pid: Int32, uid: UInt32, gid: UInt32) {
    self.pid = pid
    self.uid = uid
    self.gid = gid
  }
}

/// Which peers may connect: the daemon's own user and root always, plus listed users and the
/// members of listed groups.
///
/// A group admits a peer whose effective group is that group, or whose user is a member of it
/// in the group database (`SO_PEERCRED` carries only the primary group, so supplementary
/// membership is looked up, as `id` would show it).
public struct PeerPolicy: Sendable, Equatable {
  /// Users allowed besides the daemon's own and root.
  public var allowedUsers: Set<UInt32> = []
  /// Groups whose members are allowed.
  public var allowedGroups: Set<UInt32> = []
  /// The daemon's own user.
  public var ownUser: UInt32

  /// Creates the policy that admits `ownUser` and root only.
  public init(ownUser: UInt32 = geteuid()) { self.ownUser = ownUser }

  /// Whether `peer` may connect.
  public func allows(_ peer: PeerCredentials) -> Bool {
    if peer.uid == 0 || peer.uid == ownUser || allowedUsers.contains(peer.uid) { return true }
    guard !allowedGroups.isEmpty else { return false }
    if allowedGroups.contains(peer.gid) { return true }
    return !allowedGroups.isDisjoint(with: Self.groups(ofUser: peer.uid, primary: peer.gid))
  }

  /// Who is allowed, for a log line: `uid 0, 1000; group 998 (navd)`.
  public var summary: String {
    let users = ([0, ownUser] + allowedUsers.sorted()).reduce(into: [UInt32]()) {
      if !$0.contains($1) { $0.append($1) }
    }
    var text = "uid " + users.map(String.init).joined(separator: ", ")
    if !allowedGroups.isEmpty {
      text +=
        "; group "
        + allowedGroups.sorted().map { gid in
          Self.groupName(gid).map { "\(gid) (\($0))" } ?? "\(gid)"
        }.joined(separator: ", ")
    }
    return text
  }

  // MARK: - Names

  /// The user id `text` names: a number, or a user name from the user database.
  public static func userID(_ text: String) -> UInt32? {
    if let number = UInt32(text) { return number }
    guard let entry = getpwnam(text) else { return nil }
    return entry.pointee.pw_uid
  }

  /// The group id `text` names: a number, or a group name from the group database.
  public static func groupID(_ text: String) -> UInt32? {
    if let number = UInt32(text) { return number }
    guard let entry = getgrnam(text) else { return nil }
    return entry.pointee.gr_gid
  }

  static func groupName(_ gid: UInt32) -> String? {
    guard let entry = getgrgid(gid) else { return nil }
    return String(cString: entry.pointee.gr_name)
  }

  /// The groups of user `uid` as `id` shows them: its group in the user database, the groups
  /// that list it as a member, and `primary` (the peer's effective group).
  static func groups(ofUser uid: UInt32, primary: UInt32) -> Set<UInt32> {
    guard let entry = getpwuid(uid) else { return [primary] }
    let name = String(cString: entry.pointee.pw_name)
    let own = entry.pointee.pw_gid
    var count: Int32 = 64
    var groups = [gid_t](repeating: 0, count: Int(count))
    if getgrouplist(name, own, &groups, &count) < 0 {
      groups = [gid_t](repeating: 0, count: Int(count))
      guard getgrouplist(name, own, &groups, &count) >= 0 else { return [primary, own] }
    }
    return Set(groups.prefix(Int(count))).union([primary])
  }
}
