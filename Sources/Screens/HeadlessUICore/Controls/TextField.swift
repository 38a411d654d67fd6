// Text entry: a field bound to a value whose changes send an action.

import Foundation

/// A text field: typing into it sets its binding, which sends the binding's action.
nonisolated public struct TextField: View, _PrimitiveView {
  let title: String
  let text: Binding<String>

  /// A field called `title` showing and changing `text`.
  public init(_ title: String, text: Binding<String>) {
    self.title = title
    self.text = text
  }

  /// A field called `title` showing and changing `text`, with a prompt, growing along `axis`.
  public init(
    _ title: String, text: Binding<String>, prompt: Text? = nil, axis: Axis = .horizontal
  ) {
    self.init(title, text: text)
  }

  /// A field labelled by `label` showing and changing `text`.
  public init(
    text: Binding<String>, prompt: Text? = nil, axis: Axis = .horizontal,
    @ViewBuilder label: () -> ViewContent
  ) {
    self.init(label().list.labelText, text: text)
  }

  /// A field called `title` showing `value` in `format`; typing a text `format` reads sets it.
  public init<F: ParseableFormatStyle>(
    _ title: String, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil
  ) where F.FormatOutput == String {
    self.init(
      title,
      text: Binding(
        get: { format.format(value.wrappedValue) },
        set: { if let parsed = try? format.parseStrategy.parse($0) { value.wrappedValue = parsed } }
      ))
  }

  /// The field node; its value is the text in it.
  public var body: ViewContent {
    let text = self.text
    var node = ScreenNode(
      kind: .textField, label: title, control: .type({ text.wrappedValue = $0 }))
    node.value = text.wrappedValue
    return ViewContent(node: node)
  }
}

/// A switch: tapping it sets its binding to the other value.
nonisolated public struct Toggle: View, _PrimitiveView {
  let title: String
  let isOn: Binding<Bool>

  /// A toggle called `title` showing and changing `isOn`.
  public init(_ title: String, isOn: Binding<Bool>) {
    self.title = title
    self.isOn = isOn
  }

  /// A toggle labelled by `label` showing and changing `isOn`.
  public init(isOn: Binding<Bool>, @ViewBuilder label: () -> ViewContent) {
    self.init(label().list.labelText, isOn: isOn)
  }

  /// The toggle node; its value is `on` or `off`.
  public var body: ViewContent {
    let isOn = self.isOn
    var node = ScreenNode(
      kind: .toggle, label: title, control: .tap({ isOn.wrappedValue = !isOn.wrappedValue }))
    node.value = isOn.wrappedValue ? "on" : "off"
    return ViewContent(node: node)
  }
}

/// A choice among tagged options (a segmented control for the seeds' tabs): tapping an option
/// sets the binding to its tag.
nonisolated public struct Picker<Selection: Hashable>: View, _PrimitiveView {
  let title: String
  let selection: Binding<Selection>
  let options: ViewContent

  /// A picker called `title` selecting among `content`'s tagged views (`Text("Counter")
  /// .tag(Tab.counter)`).
  public init(
    _ title: String, selection: Binding<Selection>, @ViewBuilder content: () -> ViewContent
  ) {
    self.title = title
    self.selection = selection
    self.options = content()
  }

  /// Keeps the seeds' `.pickerStyle(.segmented)`; a headless picker has one style.
  public func pickerStyle(_ style: PickerStyle) -> Self { self }

  /// The picker node, its options inside it; its value is the selected option's label.
  public var body: ViewContent {
    let selection = self.selection
    let selected = AnyHashable(selection.wrappedValue)
    // A view tagged as a whole (an image and a text in a row) is one option: consecutive nodes
    // with the same tag are grouped.
    var groups: [(tag: AnyHashable, nodes: [ScreenNode])] = []
    for node in options.nodes {
      guard let tag = node.tag else { continue }
      if let last = groups.last, last.tag == tag {
        groups[groups.count - 1].nodes.append(node)
      } else {
        groups.append((tag, [node]))
      }
    }
    let choices: [ScreenNode] = groups.compactMap { group in
      guard let value = group.tag.base as? Selection else { return nil }
      var node = ScreenNode(
        kind: .option, label: group.nodes.labelText,
        control: .tap({ selection.wrappedValue = value }))
      node.isSelected = group.tag == selected
      node.isEnabled = group.nodes.allSatisfy(\.isEnabled)
      return node
    }
    var node = ScreenNode(kind: .picker, label: title, children: choices)
    node.value = choices.first(where: \.isSelected)?.label
    return ViewContent(node: node)
  }
}

/// A picker's style; kept for the seeds' syntax.
public enum PickerStyle: Sendable {
  /// A segmented control.
  case segmented
  /// A menu.
  case menu
}
