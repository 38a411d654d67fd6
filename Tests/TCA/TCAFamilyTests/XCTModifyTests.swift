// XCTModify as TCA's tests use it: change one case's payload in place, fail on another case, on
// `nil`, and on a change that changed nothing.

import CasePaths
import Testing

@CasePathable
private enum Destination: Equatable {
  case edit(String)
  case alert(Int)
}

@Test func xctModifyChangesThePayloadInPlace() {
  var destination = Destination.edit("draft")
  XCTModify(&destination, case: \.edit) { $0 += "!" }
  #expect(destination == .edit("draft!"))
  var presented: Destination? = .alert(1)
  XCTModify(&presented, case: \.alert) { $0 += 1 }
  #expect(presented == .alert(2))
}

@Test func xctModifyFailsOnAnotherCaseNilOrNoChange() {
  var destination = Destination.alert(1)
  withKnownIssue {
    XCTModify(&destination, case: \.edit) { $0 += "!" }
  } matching: { issue in
    issue.comments.map(\.rawValue).joined().contains("expected to extract value")
  }
  withKnownIssue {
    XCTModify(&destination, case: \.alert) { _ in }
  } matching: { issue in
    issue.comments.map(\.rawValue).joined().contains("it was unchanged")
  }
  var none: Destination? = nil
  withKnownIssue {
    XCTModify(&none, case: \.alert) { $0 += 1 }
  } matching: { issue in
    issue.comments.map(\.rawValue).joined().contains("expected a non-nil")
  }
}

@Test func xctModifyChangesTheValueInsideAnOptional() {
  var child: Int? = 1
  XCTModify(&child) { $0 += 1 }
  #expect(child == 2)
  var none: Int? = nil
  withKnownIssue {
    XCTModify(&none) { $0 += 1 }
  } matching: { issue in
    issue.comments.map(\.rawValue).joined().contains("expected non-nil value")
  }
}
