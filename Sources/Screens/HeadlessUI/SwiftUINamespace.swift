// SwiftUI, as a name apps qualify types with: `SwiftUI.View`, `@SwiftUI.State`.
// Written by scripts/gen-swiftui-namespace; do not edit.

import HeadlessUICore

/// SwiftUI's names as members, for code that qualifies them by SwiftUI's module:
/// `struct View: SwiftUI.View` in a feature whose own `View` and `State` would be found
/// first, `@SwiftUI.State`, `some SwiftUI.View`.
///
/// With `import SwiftUI` swapped for `import HeadlessUI` there is no module named
/// `SwiftUI`; this enum answers the same qualified lookups with HeadlessUI's types.
public enum SwiftUI {
  /// HeadlessUI's `Alignment`.
  public typealias Alignment = HeadlessUICore.Alignment
  /// HeadlessUI's `Angle`.
  public typealias Angle = HeadlessUICore.Angle
  /// HeadlessUI's `AngularGradient`.
  public typealias AngularGradient = HeadlessUICore.AngularGradient
  /// HeadlessUI's `AnyTransition`.
  public typealias AnyTransition = HeadlessUICore.AnyTransition
  /// HeadlessUI's `AnyView`.
  public typealias AnyView = HeadlessUICore.AnyView
  /// HeadlessUI's `App`.
  public typealias App = HeadlessUICore.App
  /// HeadlessUI's `Axis`.
  public typealias Axis = HeadlessUICore.Axis
  /// HeadlessUI's `Bindable`.
  public typealias Bindable<Value> = HeadlessUICore.Bindable<Value>
  /// HeadlessUI's `Binding`.
  public typealias Binding<Value> = HeadlessUICore.Binding<Value>
  /// HeadlessUI's `BlendMode`.
  public typealias BlendMode = HeadlessUICore.BlendMode
  /// HeadlessUI's `Button`.
  public typealias Button = HeadlessUICore.Button
  /// HeadlessUI's `ButtonRole`.
  public typealias ButtonRole = HeadlessUICore.ButtonRole
  /// HeadlessUI's `ButtonStyle`.
  public typealias ButtonStyle = HeadlessUICore.ButtonStyle
  /// HeadlessUI's `ButtonStyleConfiguration`.
  public typealias ButtonStyleConfiguration = HeadlessUICore.ButtonStyleConfiguration
  /// HeadlessUI's `CGLineCap`.
  public typealias CGLineCap = HeadlessUICore.CGLineCap
  /// HeadlessUI's `CGLineJoin`.
  public typealias CGLineJoin = HeadlessUICore.CGLineJoin
  /// HeadlessUI's `Capsule`.
  public typealias Capsule = HeadlessUICore.Capsule
  /// HeadlessUI's `Circle`.
  public typealias Circle = HeadlessUICore.Circle
  /// HeadlessUI's `Color`.
  public typealias Color = HeadlessUICore.Color
  /// HeadlessUI's `ColorScheme`.
  public typealias ColorScheme = HeadlessUICore.ColorScheme
  /// HeadlessUI's `ContentMode`.
  public typealias ContentMode = HeadlessUICore.ContentMode
  /// HeadlessUI's `ControlSize`.
  public typealias ControlSize = HeadlessUICore.ControlSize
  /// HeadlessUI's `CoordinateSpace`.
  public typealias CoordinateSpace = HeadlessUICore.CoordinateSpace
  /// HeadlessUI's `DisclosureGroup`.
  public typealias DisclosureGroup = HeadlessUICore.DisclosureGroup
  /// HeadlessUI's `DismissAction`.
  public typealias DismissAction = HeadlessUICore.DismissAction
  /// HeadlessUI's `DragGesture`.
  public typealias DragGesture = HeadlessUICore.DragGesture
  /// HeadlessUI's `DynamicProperty`.
  public typealias DynamicProperty = HeadlessUICore.DynamicProperty
  /// HeadlessUI's `DynamicTypeSize`.
  public typealias DynamicTypeSize = HeadlessUICore.DynamicTypeSize
  /// HeadlessUI's `Edge`.
  public typealias Edge = HeadlessUICore.Edge
  /// HeadlessUI's `EdgeInsets`.
  public typealias EdgeInsets = HeadlessUICore.EdgeInsets
  /// HeadlessUI's `EditButton`.
  public typealias EditButton = HeadlessUICore.EditButton
  /// HeadlessUI's `EditMode`.
  public typealias EditMode = HeadlessUICore.EditMode
  /// HeadlessUI's `Ellipse`.
  public typealias Ellipse = HeadlessUICore.Ellipse
  /// HeadlessUI's `EmptyView`.
  public typealias EmptyView = HeadlessUICore.EmptyView
  /// HeadlessUI's `Environment`.
  public typealias Environment<Value> = HeadlessUICore.Environment<Value>
  /// HeadlessUI's `EnvironmentKey`.
  public typealias EnvironmentKey = HeadlessUICore.EnvironmentKey
  /// HeadlessUI's `EnvironmentValues`.
  public typealias EnvironmentValues = HeadlessUICore.EnvironmentValues
  /// HeadlessUI's `FillStyle`.
  public typealias FillStyle = HeadlessUICore.FillStyle
  /// HeadlessUI's `FocusState`.
  public typealias FocusState<Value: Hashable> = HeadlessUICore.FocusState<Value>
  /// HeadlessUI's `Font`.
  public typealias Font = HeadlessUICore.Font
  /// HeadlessUI's `ForEach`.
  public typealias ForEach = HeadlessUICore.ForEach
  /// HeadlessUI's `Form`.
  public typealias Form = HeadlessUICore.Form
  /// HeadlessUI's `GeometryProxy`.
  public typealias GeometryProxy = HeadlessUICore.GeometryProxy
  /// HeadlessUI's `GeometryReader`.
  public typealias GeometryReader = HeadlessUICore.GeometryReader
  /// HeadlessUI's `Gesture`.
  public typealias Gesture = HeadlessUICore.Gesture
  /// HeadlessUI's `GestureMask`.
  public typealias GestureMask = HeadlessUICore.GestureMask
  /// HeadlessUI's `Gradient`.
  public typealias Gradient = HeadlessUICore.Gradient
  /// HeadlessUI's `Group`.
  public typealias Group = HeadlessUICore.Group
  /// HeadlessUI's `HStack`.
  public typealias HStack = HeadlessUICore.HStack
  /// HeadlessUI's `HorizontalAlignment`.
  public typealias HorizontalAlignment = HeadlessUICore.HorizontalAlignment
  /// HeadlessUI's `Image`.
  public typealias Image = HeadlessUICore.Image
  /// HeadlessUI's `Label`.
  public typealias Label = HeadlessUICore.Label
  /// HeadlessUI's `LabelStyle`.
  public typealias LabelStyle = HeadlessUICore.LabelStyle
  /// HeadlessUI's `LinearGradient`.
  public typealias LinearGradient = HeadlessUICore.LinearGradient
  /// HeadlessUI's `List`.
  public typealias List = HeadlessUICore.List
  /// HeadlessUI's `LocalizedStringKey`.
  public typealias LocalizedStringKey = HeadlessUICore.LocalizedStringKey
  /// HeadlessUI's `LongPressGesture`.
  public typealias LongPressGesture = HeadlessUICore.LongPressGesture
  /// HeadlessUI's `MagnificationGesture`.
  public typealias MagnificationGesture = HeadlessUICore.MagnificationGesture
  /// HeadlessUI's `Menu`.
  public typealias Menu = HeadlessUICore.Menu
  /// HeadlessUI's `NavigationBarItem`.
  public typealias NavigationBarItem = HeadlessUICore.NavigationBarItem
  /// HeadlessUI's `NavigationLink`.
  public typealias NavigationLink = HeadlessUICore.NavigationLink
  /// HeadlessUI's `NavigationStack`.
  public typealias NavigationStack = HeadlessUICore.NavigationStack
  /// HeadlessUI's `NavigationView`.
  public typealias NavigationView = HeadlessUICore.NavigationView
  /// HeadlessUI's `OpenURLAction`.
  public typealias OpenURLAction = HeadlessUICore.OpenURLAction
  /// HeadlessUI's `Path`.
  public typealias Path = HeadlessUICore.Path
  /// HeadlessUI's `Picker`.
  public typealias Picker<Selection: Hashable> = HeadlessUICore.Picker<Selection>
  /// HeadlessUI's `PickerStyle`.
  public typealias PickerStyle = HeadlessUICore.PickerStyle
  /// HeadlessUI's `PopoverAttachmentAnchor`.
  public typealias PopoverAttachmentAnchor = HeadlessUICore.PopoverAttachmentAnchor
  /// HeadlessUI's `PresentationDetent`.
  public typealias PresentationDetent = HeadlessUICore.PresentationDetent
  /// HeadlessUI's `PreviewProvider`.
  public typealias PreviewProvider = HeadlessUICore.PreviewProvider
  /// HeadlessUI's `PreviewTrait`.
  public typealias PreviewTrait = HeadlessUICore.PreviewTrait
  /// HeadlessUI's `ProgressView`.
  public typealias ProgressView = HeadlessUICore.ProgressView
  /// HeadlessUI's `ProgressViewStyle`.
  public typealias ProgressViewStyle = HeadlessUICore.ProgressViewStyle
  /// HeadlessUI's `ProgressViewStyleConfiguration`.
  public typealias ProgressViewStyleConfiguration = HeadlessUICore.ProgressViewStyleConfiguration
  /// HeadlessUI's `RadialGradient`.
  public typealias RadialGradient = HeadlessUICore.RadialGradient
  /// HeadlessUI's `Rectangle`.
  public typealias Rectangle = HeadlessUICore.Rectangle
  /// HeadlessUI's `RoundedCornerStyle`.
  public typealias RoundedCornerStyle = HeadlessUICore.RoundedCornerStyle
  /// HeadlessUI's `RoundedRectangle`.
  public typealias RoundedRectangle = HeadlessUICore.RoundedRectangle
  /// HeadlessUI's `SafeAreaRegions`.
  public typealias SafeAreaRegions = HeadlessUICore.SafeAreaRegions
  /// HeadlessUI's `Scene`.
  public typealias Scene = HeadlessUICore.Scene
  /// HeadlessUI's `SceneBuilder`.
  public typealias SceneBuilder = HeadlessUICore.SceneBuilder
  /// HeadlessUI's `ScenePhase`.
  public typealias ScenePhase = HeadlessUICore.ScenePhase
  /// HeadlessUI's `ScrollDismissesKeyboardMode`.
  public typealias ScrollDismissesKeyboardMode = HeadlessUICore.ScrollDismissesKeyboardMode
  /// HeadlessUI's `ScrollView`.
  public typealias ScrollView = HeadlessUICore.ScrollView
  /// HeadlessUI's `ScrollViewProxy`.
  public typealias ScrollViewProxy = HeadlessUICore.ScrollViewProxy
  /// HeadlessUI's `ScrollViewReader`.
  public typealias ScrollViewReader = HeadlessUICore.ScrollViewReader
  /// HeadlessUI's `Section`.
  public typealias Section = HeadlessUICore.Section
  /// HeadlessUI's `SecureField`.
  public typealias SecureField = HeadlessUICore.SecureField
  /// HeadlessUI's `Shape`.
  public typealias Shape = HeadlessUICore.Shape
  /// HeadlessUI's `ShapeStyle`.
  public typealias ShapeStyle = HeadlessUICore.ShapeStyle
  /// HeadlessUI's `Slider`.
  public typealias Slider = HeadlessUICore.Slider
  /// HeadlessUI's `Spacer`.
  public typealias Spacer = HeadlessUICore.Spacer
  /// HeadlessUI's `State`.
  public typealias State<Value> = HeadlessUICore.State<Value>
  /// HeadlessUI's `Stepper`.
  public typealias Stepper = HeadlessUICore.Stepper
  /// HeadlessUI's `StrokeStyle`.
  public typealias StrokeStyle = HeadlessUICore.StrokeStyle
  /// HeadlessUI's `SubmitLabel`.
  public typealias SubmitLabel = HeadlessUICore.SubmitLabel
  /// HeadlessUI's `SubmitTriggers`.
  public typealias SubmitTriggers = HeadlessUICore.SubmitTriggers
  /// HeadlessUI's `SymbolRenderingMode`.
  public typealias SymbolRenderingMode = HeadlessUICore.SymbolRenderingMode
  /// HeadlessUI's `SymbolVariants`.
  public typealias SymbolVariants = HeadlessUICore.SymbolVariants
  /// HeadlessUI's `TabView`.
  public typealias TabView = HeadlessUICore.TabView
  /// HeadlessUI's `TapGesture`.
  public typealias TapGesture = HeadlessUICore.TapGesture
  /// HeadlessUI's `Text`.
  public typealias Text = HeadlessUICore.Text
  /// HeadlessUI's `TextAlignment`.
  public typealias TextAlignment = HeadlessUICore.TextAlignment
  /// HeadlessUI's `TextField`.
  public typealias TextField = HeadlessUICore.TextField
  /// HeadlessUI's `TextInputAutocapitalization`.
  public typealias TextInputAutocapitalization = HeadlessUICore.TextInputAutocapitalization
  /// HeadlessUI's `Toggle`.
  public typealias Toggle = HeadlessUICore.Toggle
  /// HeadlessUI's `ToolbarItem`.
  public typealias ToolbarItem = HeadlessUICore.ToolbarItem
  /// HeadlessUI's `ToolbarItemPlacement`.
  public typealias ToolbarItemPlacement = HeadlessUICore.ToolbarItemPlacement
  /// HeadlessUI's `Transaction`.
  public typealias Transaction = HeadlessUICore.Transaction
  /// HeadlessUI's `UIKeyboardType`.
  public typealias UIKeyboardType = HeadlessUICore.UIKeyboardType
  /// HeadlessUI's `UITextAutocapitalizationType`.
  public typealias UITextAutocapitalizationType = HeadlessUICore.UITextAutocapitalizationType
  /// HeadlessUI's `UITextContentType`.
  public typealias UITextContentType = HeadlessUICore.UITextContentType
  /// HeadlessUI's `UnitPoint`.
  public typealias UnitPoint = HeadlessUICore.UnitPoint
  /// HeadlessUI's `VStack`.
  public typealias VStack = HeadlessUICore.VStack
  /// HeadlessUI's `VerticalAlignment`.
  public typealias VerticalAlignment = HeadlessUICore.VerticalAlignment
  /// HeadlessUI's `VerticalEdge`.
  public typealias VerticalEdge = HeadlessUICore.VerticalEdge
  /// HeadlessUI's `View`.
  public typealias View = HeadlessUICore.View
  /// HeadlessUI's `ViewBuilder`.
  public typealias ViewBuilder = HeadlessUICore.ViewBuilder
  /// HeadlessUI's `ViewThatFits`.
  public typealias ViewThatFits = HeadlessUICore.ViewThatFits
  /// HeadlessUI's `Visibility`.
  public typealias Visibility = HeadlessUICore.Visibility
  /// HeadlessUI's `WindowGroup`.
  public typealias WindowGroup = HeadlessUICore.WindowGroup
  /// HeadlessUI's `ZStack`.
  public typealias ZStack = HeadlessUICore.ZStack
  /// Composable's `Animation`, which views use as SwiftUI's (HeadlessUICore re-exports it).
  public typealias Animation = HeadlessUICore.Animation
}
