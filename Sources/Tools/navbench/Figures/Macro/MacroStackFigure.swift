// A stack element action through the macro-era NavigationDemo against the 1.0–1.3 one.

@testable import CaseStudies
import Composable

extension MacroBenchmark {
  static func stackFigure(
    settings: MeasureSettings, including: (String) -> Bool
  ) -> Figure? {
    let name = "macro-era NavigationDemo stack element action, 3 screens deep"
    guard including(name) else { return nil }
    var modern = ModernNavigationDemo.State()
    _ = ModernNavigationDemo().reduce(into: &modern, action: .goToABCButtonTapped)
    var classic = NavigationDemo.State()
    _ = NavigationDemo().reduce(into: &classic, action: .goToABCButtonTapped)
    let modernAction = ModernNavigationDemo.Action.path(
      .element(id: modern.path.ids[0], action: .screenA(.incrementButtonTapped)))
    let classicAction = NavigationDemo.Action.path(
      .element(id: classic.path.ids[0], action: .screenA(.incrementButtonTapped)))
    let modernCount: (ModernNavigationDemo.State) -> Int = {
      guard case .screenA(let screen)? = $0.path.first else { return -1 }
      return screen.count
    }
    let classicCount: (NavigationDemo.State) -> Int = {
      guard case .screenA(let screen)? = $0.path.first else { return -1 }
      return screen.count
    }
    return compare(
      name,
      measured: BenchOperation(label: "@Reducer reduce") { n in
        let before = modernCount(modern)
        for _ in 0..<n {
          reduceDirectly(ModernNavigationDemo(), into: &modern, action: modernAction)
        }
        precondition(modernCount(modern) &- before == n, "every action incremented Screen A")
        return modernCount(modern)
      },
      floor: BenchOperation(label: "1.0–1.3 reduce") { n in
        let before = classicCount(classic)
        for _ in 0..<n { reduceDirectly(NavigationDemo(), into: &classic, action: classicAction) }
        precondition(classicCount(classic) &- before == n, "every action incremented Screen A")
        return classicCount(classic)
      },
      goal: stackGoal, settings: settings)
  }
}
