-- The inbox's invariants, which `bugs-nav explore inbox --invariants explore/invariants.lua`
-- checks after every step.
navd.invariant("unread is never negative", function(s)
  return s.unread >= 0
end)
