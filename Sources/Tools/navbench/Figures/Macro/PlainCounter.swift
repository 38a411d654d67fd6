// The mutation figure's floor: the same counter, not observable, and its mutation.

/// The same counter, not observable.
struct PlainCounter {
  var count = 0
  var name = "a name long enough to live on the heap"
}

/// The same mutation of a plain struct.
@inline(never)
func incrementPlain(_ counter: inout PlainCounter) { counter.count &+= 1 }
