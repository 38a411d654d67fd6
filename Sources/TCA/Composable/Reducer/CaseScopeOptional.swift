// The case scope of an optional store of an enum feature, for bindings to one of its cases.

/// A store whose state is an enum feature's, with the stores of its cases (`store.case`).
public protocol _StoreWithCaseScope {
  /// The stores of each case.
  associatedtype _CaseScope: CasePathable
  /// The store of the case the state is in.
  var _caseScope: _CaseScope { get }
}

extension Store: _StoreWithCaseScope
where
  State: CaseReducerState, State.StateReducer.Action == Action,
  State.StateReducer.CaseScope: CasePathable
{
  /// `store.case`.
  public var _caseScope: State.StateReducer.CaseScope { self.case }
}

/// An optional store of an enum feature: `nil` while nothing is presented.
public protocol _OptionalStoreWithCaseScope: ExpressibleByNilLiteral {
  /// The stores of each case.
  associatedtype _CaseScope: CasePathable
  /// The store of the case the state is in, or `nil`.
  var _optionalCaseScope: _CaseScope? { get }
}

extension Optional: _OptionalStoreWithCaseScope where Wrapped: _StoreWithCaseScope {
  /// The wrapped store's `case`, or `nil`.
  public var _optionalCaseScope: Wrapped._CaseScope? { self.map { $0._caseScope } }
}
