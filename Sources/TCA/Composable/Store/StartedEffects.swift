// StartedEffects: what one send started — its effects' tasks and its dismissal listeners.

/// What one send started: the tasks of its effects, and its dismissal listeners.
struct StartedEffects {
  var tasks: [Task<Void, Never>] = []
  var listeners: [ListenerEnd] = []
}
