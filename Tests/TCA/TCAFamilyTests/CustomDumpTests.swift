// `import CustomDump` alone: equality assertions that fail the running test with a diff, and
// pass silently when the values agree.

import CustomDump
import Testing

private struct Todo: Equatable {
  var title: String
  var isComplete = false
}

@Test func expectNoDifferencePassesOnEqualValues() {
  expectNoDifference(Todo(title: "Milk"), Todo(title: "Milk"))
  var todo = Todo(title: "Milk")
  expectDifference(todo) {
    todo.isComplete = true
  } changes: {
    $0.isComplete = true
  }
}

@Test func expectNoDifferenceFailsWithADiff() {
  withKnownIssue {
    expectNoDifference(Todo(title: "Milk"), Todo(title: "Eggs"))
  } matching: { issue in
    let text = issue.comments.map(\.rawValue).joined()
    return text.contains("expectNoDifference failed") && text.contains("−   title: \"Milk\"")
      && text.contains("+   title: \"Eggs\"") && text.contains("(First: −, Second: +)")
  }
}

@Test func expectDifferenceFailsOnAnUnexpectedChange() {
  var todo = Todo(title: "Milk")
  withKnownIssue {
    expectDifference(todo) {
      todo.title = "Bread"
    } changes: {
      $0.isComplete = true
    }
  } matching: { issue in
    issue.comments.map(\.rawValue).joined().contains("expectDifference failed")
  }
}

@Test func diffIsNilForEqualDumps() {
  #expect(diff(Todo(title: "a"), Todo(title: "a")) == nil)
  #expect(diff(Todo(title: "a"), Todo(title: "b")) != nil)
  #expect(customDump(Todo(title: "a")).contains("title: \"a\""))
}
