// The mutation figure's @ObservableState counter, and its mutation as an opaque call.

import Composable
import ComposableArchitecture

/// A counter whose state observation tracks.
@ObservableState
struct ObservedCounter {
  var count = 0
  var name = "a name long enough to live on the heap"
}

/// One mutation of observable state.
@inline(never)
func incrementObserved(_ counter: inout ObservedCounter) { counter.count &+= 1 }
