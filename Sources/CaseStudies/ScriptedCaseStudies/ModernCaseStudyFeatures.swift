// The macro-era seeds as NavKit features: seed 003's contacts (one `@Reducer enum Destination`)
// and seed 001's (two `@Presents` optionals), with no Codable in any of their types.

@testable import ModernCaseStudies
@testable import ModernCaseStudyViews
import NavKit

/// The macro-era case studies, hosted by navd and navctl after the 1.0–1.3 ones.
enum ModernCaseStudyFeatures {
  static let all: [NavFeature] = [
    NavFeature(
      "modern-contacts",
      summary: "Seed 003, macro-era: contacts with one @Reducer enum Destination (sheet, alert).",
      initialState: ContactsFeature.State(),
      view: ContactsView.init(store:)
    ) { ContactsFeature() },
    NavFeature(
      "modern-contacts-two-presents",
      summary: "Seed 001, macro-era: contacts with two @Presents optionals (sheet, alert).",
      initialState: TwoPresents.ContactsFeature.State(),
      view: TwoPresents.ContactsView.init(store:)
    ) { TwoPresents.ContactsFeature() },
  ]
}
