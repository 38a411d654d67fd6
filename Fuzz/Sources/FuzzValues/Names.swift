// The names a value tree is built from: what the decoder looks for in the case studies' types.

import NavValue

extension ValueProgram {
  /// Case and field names of the case studies, of TCA's navigation types, of this package's sample
  /// types, and every key of the case studies' encoded initial states: the strings that make
  /// decoding go deeper than "no such case".
  public static let names: [String] = {
    var names: Set<String> = [
      // The case studies' actions and states (Sources/CaseStudies/CaseStudies).
      "addButtonTapped", "addContact", "alert", "cancelButtonTapped", "confirmDeletion",
      "contacts", "contactsButtonTapped", "counter", "counterButtonTapped",
      "decrementButtonTapped", "delegate", "deleteButtonTapped", "destination",
      "dismissButtonTapped", "drillDown", "factButtonTapped", "factResponse", "goBackToScreen",
      "goToABCButtonTapped", "incrementButtonTapped", "isPrimeButtonTapped",
      "multipleDestinations", "multipleDestinationsButtonTapped", "navigation",
      "navigationButtonTapped", "path", "popToRoot", "popover", "profile",
      "resetCounterButtonTapped", "saveButtonTapped", "saveContact", "screenA",
      "screenAButtonTapped", "screenB", "screenBButtonTapped", "screenC", "screenCButtonTapped",
      "selectTab", "setName", "sharedState", "sharedStateButtonTapped", "sheet", "showDrillDown",
      "showPopover", "showSheet", "startButtonTapped", "stopButtonTapped", "timerTick",
      "fullScreenCover", "contact", "count", "fact", "isLoading", "isTimerRunning", "name",
      "currentTab", "stats", "maxCount", "minCount", "numberOfCounts", "isPrime", "ok",
      // TCA's coding names: presentation, stacks, results, alerts.
      "presented", "dismiss", "element", "id", "action", "push", "popFrom", "state", "success",
      "failure", "title", "message", "buttons", "role", "label", "cancel", "destructive",
      "_0", "_1", "_2",
      // The sample types of this package (Samples.swift).
      "small", "unsigned", "big", "ratio", "real", "text", "flag", "list", "table", "choice",
      "choices", "raw", "set", "plain", "one", "labeled", "x", "y", "pair", "nested", "many",
      "optional", "alpha", "beta",
    ]
    for entry in CaseStudyTypes.all {
      collectKeys(of: entry.initialState(), into: &names)
    }
    return names.sorted()
  }()

  private static func collectKeys(of value: DataValue, into names: inout Set<String>) {
    switch value {
    case .string(let string) where string.utf8.count < 40: names.insert(string)
    case .object(let fields):
      for (key, field) in fields {
        names.insert(key)
        collectKeys(of: field, into: &names)
      }
    case .array(let elements):
      for element in elements { collectKeys(of: element, into: &names) }
    default: break
    }
  }
}
