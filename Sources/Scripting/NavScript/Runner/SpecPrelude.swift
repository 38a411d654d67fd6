// The busted-style spec API and luassert-style assertions, in Lua, loaded before every scenario.

import NavHosting

/// The Lua source that defines `describe`, `it`, `pending`, `before_each`, `after_each` and
/// `assert`, and the `__navd_runner` table the Swift runner lists and runs tests through.
///
/// It follows busted's structure and luassert's common assertions, so a scenario reads like a
/// busted spec. Assertion failures are raised at the caller's `file:line`.
let specPrelude = #"""
  local runner = { tests = {} }
  __navd_runner = runner

  local root = { before_each = {}, after_each = {} }
  local current = root

  local function add_test(name, fn, is_pending, level)
    local info = debug.getinfo(level, "Sl")
    local names = {}
    local block = current
    while block and block.name do
      table.insert(names, 1, block.name)
      block = block.parent
    end
    table.insert(names, name)
    table.insert(runner.tests, {
      block = current, name = tostring(name), full_name = table.concat(names, " "), fn = fn,
      pending = is_pending, file = info.short_src, line = info.currentline,
    })
  end

  function describe(name, fn)
    if type(fn) ~= "function" then error("describe(\"" .. tostring(name) .. "\") needs a function", 2) end
    local block = { name = tostring(name), before_each = {}, after_each = {}, parent = current }
    local saved = current
    current = block
    local ok, err = pcall(fn)
    current = saved
    if not ok then error(err, 0) end
  end
  context = describe

  function it(name, fn)
    if type(fn) ~= "function" then error("it(\"" .. tostring(name) .. "\") needs a function", 2) end
    add_test(name, fn, false, 3)
  end

  function pending(name, fn)
    add_test(name, fn, true, 3)
  end

  function before_each(fn) table.insert(current.before_each, fn) end
  function after_each(fn) table.insert(current.after_each, fn) end

  -- The tests whose full name matches the Lua pattern `filter` (plain text works too) and carries
  -- one of `tags` (busted's "#tag" in names) and none of `exclude`.
  function runner.list(filter, tags, exclude)
    local selected = {}
    for _, test in ipairs(runner.tests) do
      local name = test.full_name
      local keep = true
      if filter and filter ~= "" then
        local ok, found = pcall(string.find, name, filter)
        if not ok then found = string.find(name, filter, 1, true) end
        keep = found ~= nil
      end
      local function has_tag(tag) return string.find(name .. " ", "#" .. tag .. "[%s%p]") ~= nil end
      if keep and tags and #tags > 0 then
        keep = false
        for _, tag in ipairs(tags) do if has_tag(tag) then keep = true end end
      end
      if keep and exclude then
        for _, tag in ipairs(exclude) do if has_tag(tag) then keep = false end end
      end
      if keep then
        table.insert(selected, {
          name = test.name, full_name = name, file = test.file, line = test.line,
          pending = test.pending,
        })
      end
    end
    return selected
  end

  local function handler(err)
    if type(err) ~= "string" then err = tostring(err) end
    return debug.traceback(err, 2)
  end

  -- The index of the `occurrence`-th test named `full_name` at `line` in this load of the file,
  -- whose order may differ from the listing's (pairs() does from one Lua state to the next).
  function runner.find(full_name, line, occurrence)
    local seen = 0
    for index, test in ipairs(runner.tests) do
      if test.full_name == full_name and test.line == line then
        seen = seen + 1
        if seen == occurrence then return index end
      end
    end
    return nil
  end

  -- Runs test `index` with its before_each and after_each hooks; returns ok, message.
  function runner.run(index)
    local test = runner.tests[index]
    local chain = {}
    local block = test.block
    while block do
      table.insert(chain, 1, block)
      block = block.parent
    end
    local ok, err = true, nil
    for _, b in ipairs(chain) do
      for _, hook in ipairs(b.before_each) do
        if ok then ok, err = xpcall(hook, handler) end
      end
    end
    if ok then ok, err = xpcall(test.fn, handler) end
    for i = #chain, 1, -1 do
      for _, hook in ipairs(chain[i].after_each) do
        local hook_ok, hook_err = xpcall(hook, handler)
        if ok and not hook_ok then ok, err = hook_ok, hook_err end
      end
    end
    return ok, err
  end

  -- MARK: - Assertions

  local function is_identifier(key)
    return type(key) == "string" and key:match("^[%a_][%w_]*$") ~= nil
  end

  local function sorted_keys(t)
    local keys = {}
    for k in pairs(t) do table.insert(keys, k) end
    table.sort(keys, function(a, b)
      local ta, tb = type(a), type(b)
      if ta ~= tb then return ta < tb end
      if ta == "number" or ta == "string" then return a < b end
      return tostring(a) < tostring(b)
    end)
    return keys
  end

  local function render(value, indent, seen)
    indent = indent or ""
    seen = seen or {}
    if type(value) == "string" then return string.format("%q", value) end
    if type(value) ~= "table" then return tostring(value) end
    if seen[value] then return "<cycle>" end
    seen[value] = true
    local keys = sorted_keys(value)
    if #keys == 0 then seen[value] = nil return "{}" end
    local inner = indent .. "  "
    local lines = {}
    local n = #value
    for _, k in ipairs(keys) do
      local label
      if math.type(k) == "integer" and k >= 1 and k <= n then
        label = "[" .. k .. "] = "
      elseif is_identifier(k) then
        label = k .. " = "
      else
        label = "[" .. render(k) .. "] = "
      end
      table.insert(lines, inner .. label .. render(value[k], inner, seen))
    end
    seen[value] = nil
    return "{\n" .. table.concat(lines, ",\n") .. "\n" .. indent .. "}"
  end
  runner.render = render

  local function path_join(path, key)
    if is_identifier(key) then return path .. "." .. key end
    return path .. "[" .. (type(key) == "string" and string.format("%q", key) or tostring(key)) .. "]"
  end

  -- The path of the first difference between two values, or nil when they are the same.
  local function first_difference(expected, actual, path)
    if type(expected) ~= "table" or type(actual) ~= "table" then
      if expected == actual then return nil end
      return path, expected, actual
    end
    for _, k in ipairs(sorted_keys(expected)) do
      local p, e, a = first_difference(expected[k], actual[k], path_join(path, k))
      if p then return p, e, a end
    end
    for _, k in ipairs(sorted_keys(actual)) do
      if expected[k] == nil then return path_join(path, k), nil, actual[k] end
    end
    return nil
  end

  local function fail(message, level)
    error(message, (level or 1) + 2)
  end

  local checks = {}

  function checks.same(expected, actual, message)
    local path, e, a = first_difference(expected, actual, "value")
    if path == nil then return true end
    return false, (message and message .. "\n" or "") ..
      "Expected objects to be the same.\nPassed in:\n" .. render(actual) ..
      "\nExpected:\n" .. render(expected) ..
      "\nFirst difference at " .. path .. ": expected " .. render(e) .. ", got " .. render(a)
  end

  function checks.equal(expected, actual, message)
    if expected == actual then return true end
    return false, (message and message .. "\n" or "") ..
      "Expected objects to be equal.\nPassed in:\n" .. render(actual) .. "\nExpected:\n" .. render(expected)
  end
  checks.equals = checks.equal

  function checks.truthy(value, message)
    if value then return true end
    return false, message or ("Expected to be truthy, but value was:\n" .. render(value))
  end

  function checks.falsy(value, message)
    if not value then return true end
    return false, message or ("Expected to be falsy, but value was:\n" .. render(value))
  end

  checks["nil"] = function(value, message)
    if value == nil then return true end
    return false, message or ("Expected to be nil, but value was:\n" .. render(value))
  end

  checks["true"] = function(value, message)
    if value == true then return true end
    return false, message or ("Expected to be true, but value was:\n" .. render(value))
  end

  checks["false"] = function(value, message)
    if value == false then return true end
    return false, message or ("Expected to be false, but value was:\n" .. render(value))
  end

  function checks.error(fn, expected, message)
    local ok, err = pcall(fn)
    if ok then return false, message or "Expected a function to raise an error, but it did not" end
    if expected == nil then return true end
    local text = type(err) == "string" and err or tostring(err)
    if text == expected or text:find(expected, 1, true) or text:gsub("^[^:]+:%d+: ", "") == expected then
      return true
    end
    return false, message or ("Expected the error:\n" .. render(expected) .. "\nbut the function raised:\n" .. render(text))
  end
  checks.errors = checks.error

  local function checker(name, negate)
    local check = checks[name]
    return function(...)
      local ok, message = check(...)
      if negate then
        if ok then fail("Expected the assertion '" .. name .. "' to fail, but it passed", 1) end
        return ...
      end
      if not ok then fail(message, 1) end
      return ...
    end
  end

  local lua_assert = assert

  local function namespace(negate)
    return setmetatable({}, {
      __index = function(self, key)
        if key == "are" or key == "is" or key == "has" or key == "does" then return self end
        if key == "are_not" or key == "is_not" or key == "Not" or key == "has_no" then return namespace(not negate) end
        local name = key:gsub("^is_not_", ""):gsub("^are_not_", ""):gsub("^has_no_", "")
        local flip = name ~= key
        name = name:gsub("^is_", ""):gsub("^are_", ""):gsub("^has_", "")
        name = name:lower()
        if checks[name] == nil then error("assert has no check named '" .. key .. "'", 2) end
        return checker(name, negate ~= flip)
      end,
      __call = function(_, value, message, ...)
        if not value then error(message or "assertion failed!", 2) end
        return value, message, ...
      end,
    })
  end

  assert = namespace(false)
  """#
