// `Text(template:)`: a helper TCA's case-studies app defines for its read-me texts, which the
// seeds' views use. SwiftUI has no such initializer, so it lives with the views that use it.

import HeadlessUI

extension Text {
  /// Shows a read-me text whitespace as written; the style, as every font, is not drawn.
  init(template: String, _ style: Font = .body) { self.init(verbatim: template) }
}
