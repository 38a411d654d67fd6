// The values SwiftUI's visual modifiers take — colors, fonts, styles, edges — kept so that view
// code compiles; a headless screen draws none of them.

/// A color; as a view it shows nothing a person could read or use.
nonisolated public struct Color: View, _PrimitiveView, Sendable, Hashable {
  let name: String

  /// A color named `name` in the asset catalog.
  public init(_ name: String) { self.name = name }

  /// A system color, as UIKit names them: `Color(.systemBackground)`.
  public init(_ color: SystemColor) { self.name = color.name }

  /// The color of `red`, `green` and `blue`, each 0 to 1.
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
    self.name = "rgb(\(red), \(green), \(blue))"
  }

  /// A gray of `white`, 0 (black) to 1 (white).
  public init(white: Double, opacity: Double = 1) { self.name = "white(\(white))" }

  /// The color of `hue`, `saturation` and `brightness`, each 0 to 1.
  public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
    self.name = "hsb(\(hue), \(saturation), \(brightness))"
  }

  /// Nothing: a color is not text and cannot be used.
  public var body: ViewContent { ViewContent() }

  /// The same color, see-through by `opacity`.
  public func opacity(_ opacity: Double) -> Color { self }

  /// Red.
  public static let red = Color("red")
  /// Orange.
  public static let orange = Color("orange")
  /// Yellow.
  public static let yellow = Color("yellow")
  /// Green.
  public static let green = Color("green")
  /// Blue.
  public static let blue = Color("blue")
  /// Purple.
  public static let purple = Color("purple")
  /// Pink.
  public static let pink = Color("pink")
  /// Gray.
  public static let gray = Color("gray")
  /// Black.
  public static let black = Color("black")
  /// White.
  public static let white = Color("white")
  /// No color.
  public static let clear = Color("clear")
  /// The primary content color.
  public static let primary = Color("primary")
  /// The secondary content color.
  public static let secondary = Color("secondary")
  /// The app's accent color.
  public static let accentColor = Color("accentColor")
  /// Mint.
  public static let mint = Color("mint")
  /// Teal.
  public static let teal = Color("teal")
  /// Cyan.
  public static let cyan = Color("cyan")
  /// Indigo.
  public static let indigo = Color("indigo")
  /// Brown.
  public static let brown = Color("brown")
}

/// A color of the system's palette, as UIKit names them (`UIColor.systemBackground`).
public struct SystemColor: Sendable, Hashable {
  let name: String

  /// The background of the main interface.
  public static let systemBackground = SystemColor(name: "systemBackground")
  /// The background of content layered over the main background.
  public static let secondarySystemBackground = SystemColor(name: "secondarySystemBackground")
  /// The background of grouped content.
  public static let systemGroupedBackground = SystemColor(name: "systemGroupedBackground")
  /// The color of text.
  public static let label = SystemColor(name: "label")
  /// The color of secondary text.
  public static let secondaryLabel = SystemColor(name: "secondaryLabel")
  /// A gray.
  public static let systemGray = SystemColor(name: "systemGray")
  /// A lighter gray.
  public static let systemGray2 = SystemColor(name: "systemGray2")
  /// A lighter gray.
  public static let systemGray3 = SystemColor(name: "systemGray3")
  /// A lighter gray.
  public static let systemGray4 = SystemColor(name: "systemGray4")
  /// A lighter gray.
  public static let systemGray5 = SystemColor(name: "systemGray5")
  /// The lightest gray.
  public static let systemGray6 = SystemColor(name: "systemGray6")
  /// Red.
  public static let systemRed = SystemColor(name: "systemRed")
  /// Green.
  public static let systemGreen = SystemColor(name: "systemGreen")
  /// Blue.
  public static let systemBlue = SystemColor(name: "systemBlue")
  /// Orange.
  public static let systemOrange = SystemColor(name: "systemOrange")
  /// Yellow.
  public static let systemYellow = SystemColor(name: "systemYellow")
  /// Pink.
  public static let systemPink = SystemColor(name: "systemPink")
  /// Purple.
  public static let systemPurple = SystemColor(name: "systemPurple")
  /// Teal.
  public static let systemTeal = SystemColor(name: "systemTeal")
  /// Indigo.
  public static let systemIndigo = SystemColor(name: "systemIndigo")
  /// The color of tertiary text.
  public static let tertiaryLabel = SystemColor(name: "tertiaryLabel")
  /// The background of content layered over secondary backgrounds.
  public static let tertiarySystemBackground = SystemColor(name: "tertiarySystemBackground")
  /// Separators.
  public static let separator = SystemColor(name: "separator")
}

/// A font, as SwiftUI names them.
public struct Font: Sendable, Hashable {
  let name: String

  /// A weight of a font.
  public struct Weight: Sendable, Hashable {
    let value: Int
    /// Regular.
    public static let regular = Weight(value: 400)
    /// Medium.
    public static let medium = Weight(value: 500)
    /// Semibold.
    public static let semibold = Weight(value: 600)
    /// Bold.
    public static let bold = Weight(value: 700)
    /// Ultra light.
    public static let ultraLight = Weight(value: 100)
    /// Thin.
    public static let thin = Weight(value: 200)
    /// Light.
    public static let light = Weight(value: 300)
    /// Heavy.
    public static let heavy = Weight(value: 800)
    /// Black.
    public static let black = Weight(value: 900)
  }

  /// The large title style.
  public static let largeTitle = Font(name: "largeTitle")
  /// The title style.
  public static let title = Font(name: "title")
  /// The second title style.
  public static let title2 = Font(name: "title2")
  /// The third title style.
  public static let title3 = Font(name: "title3")
  /// The headline style.
  public static let headline = Font(name: "headline")
  /// The subheadline style.
  public static let subheadline = Font(name: "subheadline")
  /// The body style.
  public static let body = Font(name: "body")
  /// The callout style.
  public static let callout = Font(name: "callout")
  /// The footnote style.
  public static let footnote = Font(name: "footnote")
  /// The caption style.
  public static let caption = Font(name: "caption")
  /// The second caption style.
  public static let caption2 = Font(name: "caption2")

  /// The system font at `size` points.
  public static func system(size: Double, weight: Weight = .regular, design: Design = .default)
    -> Font
  {
    Font(name: "system \(size)")
  }

  /// The system font in `style`.
  public static func system(_ style: TextStyle, design: Design = .default, weight: Weight? = nil)
    -> Font
  {
    Font(name: "system \(style)")
  }

  /// A font named `name` at `size` points.
  public static func custom(_ name: String, size: Double) -> Font { Font(name: name) }

  /// A text style, as SwiftUI's `Font.TextStyle`.
  public enum TextStyle: Hashable, Sendable, CaseIterable {
    /// Large title.
    case largeTitle
    /// Title.
    case title
    /// Second title.
    case title2
    /// Third title.
    case title3
    /// Headline.
    case headline
    /// Subheadline.
    case subheadline
    /// Body.
    case body
    /// Callout.
    case callout
    /// Footnote.
    case footnote
    /// Caption.
    case caption
    /// Second caption.
    case caption2
  }

  /// A font's design, as SwiftUI's `Font.Design`.
  public enum Design: Hashable, Sendable {
    /// The default.
    case `default`
    /// Serif.
    case serif
    /// Rounded.
    case rounded
    /// Monospaced.
    case monospaced
  }

  /// This font in italics.
  public func italic() -> Font { self }

  /// This font in `weight`.
  public func weight(_ weight: Weight) -> Font { self }

  /// This font with digits of one width.
  public func monospacedDigit() -> Font { self }

  /// This font in bold.
  public func bold() -> Font { self }
}

/// An edge of a view, and sets of edges, for `padding`.
public enum Edge: Sendable, Hashable {
  /// The top edge.
  case top
  /// The leading edge.
  case leading
  /// The bottom edge.
  case bottom
  /// The trailing edge.
  case trailing

  /// A set of edges.
  public struct Set: OptionSet, Sendable, Hashable {
    /// The edges, as bits.
    public let rawValue: Int

    /// The set with `rawValue`'s bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The top edge.
    public static let top = Set(rawValue: 1)
    /// The leading edge.
    public static let leading = Set(rawValue: 2)
    /// The bottom edge.
    public static let bottom = Set(rawValue: 4)
    /// The trailing edge.
    public static let trailing = Set(rawValue: 8)
    /// Leading and trailing.
    public static let horizontal: Set = [.leading, .trailing]
    /// Top and bottom.
    public static let vertical: Set = [.top, .bottom]
    /// Every edge.
    public static let all: Set = [.horizontal, .vertical]
  }
}

/// How lines of text align.
public enum TextAlignment: Sendable, Hashable {
  /// To the leading edge.
  case leading
  /// Centered.
  case center
  /// To the trailing edge.
  case trailing
}

/// A named style for a modifier that takes one (`.buttonStyle(.borderless)`,
/// `.listStyle(.insetGrouped)`, `.textFieldStyle(.roundedBorder)`,
/// `.navigationBarTitleDisplayMode(.inline)`).
public struct NamedStyle: Sendable, Hashable {
  let name: String

  /// The platform's default.
  public static let automatic = NamedStyle(name: "automatic")
  /// No decoration.
  public static let plain = NamedStyle(name: "plain")
  /// A borderless button.
  public static let borderless = NamedStyle(name: "borderless")
  /// A bordered button.
  public static let bordered = NamedStyle(name: "bordered")
  /// A prominent bordered button.
  public static let borderedProminent = NamedStyle(name: "borderedProminent")
  /// A button styled as a link.
  public static let link = NamedStyle(name: "link")
  /// A grouped list.
  public static let grouped = NamedStyle(name: "grouped")
  /// An inset list.
  public static let inset = NamedStyle(name: "inset")
  /// An inset grouped list.
  public static let insetGrouped = NamedStyle(name: "insetGrouped")
  /// A sidebar list.
  public static let sidebar = NamedStyle(name: "sidebar")
  /// A text field with a rounded border.
  public static let roundedBorder = NamedStyle(name: "roundedBorder")
  /// An inline navigation title.
  public static let inline = NamedStyle(name: "inline")
  /// A large navigation title.
  public static let large = NamedStyle(name: "large")
  /// A switch (a toggle's style).
  public static let `switch` = NamedStyle(name: "switch")
  /// A button (a toggle's style).
  public static let button = NamedStyle(name: "button")
  /// A menu (a picker's style).
  public static let menu = NamedStyle(name: "menu")
  /// A card (a button's style).
  public static let card = NamedStyle(name: "card")
}

/// A transition a view makes as it comes and goes.
public struct AnyTransition: Sendable, Hashable {
  let name: String

  /// Fades in and out.
  public static let opacity = AnyTransition(name: "opacity")
  /// Slides in and out.
  public static let slide = AnyTransition(name: "slide")
  /// Scales in and out.
  public static let scale = AnyTransition(name: "scale")

  /// Moves in from and out to `edge`.
  public static func move(edge: Edge) -> AnyTransition { AnyTransition(name: "move") }

  /// This transition, animated by `animation`.
  public func animation(_ animation: Animation?) -> AnyTransition { self }
}
