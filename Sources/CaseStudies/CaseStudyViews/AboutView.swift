// AboutView: the explanation at the top of a case study, a helper of TCA's case-studies app that
// seed 000's MultipleDestinationsView uses without showing; written here in SwiftUI's terms.

import HeadlessUI

/// The case study's explanation, as a template text.
struct AboutView: View {
  let readMe: String

  var body: some View {
    Text(template: readMe)
  }
}
