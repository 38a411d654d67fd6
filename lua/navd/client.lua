-- navd.client: drive a running navd from any Lua 5.4, over its control socket.
--
-- Pure Lua over Debian's lua-socket (socket.unix) and lua-dkjson. It speaks the control channel
-- of docs/protocol.md (JSON-RPC 2.0, one message a line) and gives the handles scenarios use in
-- process, so a spec written for `navctl test` runs under plain busted with one line added:
--
--   local navd = require("navd.client")
--
-- Handles:
--   navd.launch(feature, opts)   a fresh session of `feature` on a running navd, closed with the
--                                handle (app:close(), `<close>`, or when Lua exits)
--   navd.connect(path, opts)     a handle on an existing session (opts.session, default: the
--                                daemon's default session)
--   navd.spawn(opts)             a private daemon for one spec, stopped by app:stop()
--
-- See docs/scripting.md, "From another process".

local socket = require("socket")
local unix = require("socket.unix")
local json = require("dkjson")

local M = { _VERSION = "navd.client 1.0" }

local ARRAY = { __jsontype = "array" }
local OBJECT = { __jsontype = "object" }

-- Errors ------------------------------------------------------------------------------------------

local this_source = debug.getinfo(1, "S").source

-- Returns the stack level of the first function outside this file, so that an error points at
-- the spec's line, as the in-process handles' errors do.
local function caller_level()
  local level = 2
  while true do
    local info = debug.getinfo(level, "S")
    if not info then return 1 end
    if info.source ~= this_source then return level - 1 end
    level = level + 1
  end
end

local function fail(message)
  error(message, caller_level())
end

-- Values ------------------------------------------------------------------------------------------

local function is_array(value)
  local mt = getmetatable(value)
  return mt ~= nil and mt.__jsontype == "array"
end

local function deep_copy(value)
  if type(value) ~= "table" then return value end
  local copy = {}
  for k, v in pairs(value) do copy[k] = deep_copy(v) end
  return setmetatable(copy, getmetatable(value))
end

local function encode(value)
  return json.encode(value)
end

-- Returns a copy of a value a script gave (an action, a payload, a state) in which an empty
-- table is an empty JSON object, as the in-process value model reads it: dkjson would write `[]`.
local function from_script(value)
  if type(value) ~= "table" or getmetatable(value) ~= nil then return value end
  local count, copy = 0, {}
  for k, v in pairs(value) do
    count = count + 1
    copy[k] = from_script(v)
  end
  -- A sequence (keys 1..n, no holes) is an array; anything else, the empty table included, an
  -- object, whatever its keys: dkjson would otherwise take a key `n` for an array's length.
  if count > 0 and #value == count then return setmetatable(copy, ARRAY) end
  local object = {}
  for k, v in pairs(copy) do object[tostring(k)] = v end
  return setmetatable(object, OBJECT)
end

local function decode(line)
  local value, _, err = json.decode(line, 1, nil)
  if err then return nil, err end
  return value
end

--- Returns `list` marked as a JSON array, so that an empty one is sent as `[]`.
function M.array(list)
  return setmetatable(list or {}, ARRAY)
end

--- Returns `map` marked as a JSON object, so that an empty one is sent as `{}`.
function M.object(map)
  return setmetatable(map or {}, OBJECT)
end

-- JSON Patch (RFC 6902) over decoded values, arrays 1-based as in Lua -----------------------------

local function pointer_tokens(pointer)
  local tokens = {}
  if pointer == "" then return tokens end
  for token in (pointer:sub(2) .. "/"):gmatch("(.-)/") do
    tokens[#tokens + 1] = (token:gsub("~1", "/"):gsub("~0", "~"))
  end
  return tokens
end

local function array_index(container, token, allow_end)
  if token == "-" and allow_end then return #container + 1 end
  local index = tonumber(token)
  if not index or math.type(index) ~= "integer" then
    error("JSON Patch: \"" .. token .. "\" is not an array index")
  end
  return index + 1
end

local function resolve(doc, tokens)
  local container = doc
  for i = 1, #tokens - 1 do
    local token = tokens[i]
    if type(container) ~= "table" then error("JSON Patch: no parent for /" .. table.concat(tokens, "/")) end
    if is_array(container) then container = container[array_index(container, token)]
    else container = container[token] end
  end
  if type(container) ~= "table" then error("JSON Patch: no parent for /" .. table.concat(tokens, "/")) end
  return container, tokens[#tokens]
end

local function get(doc, pointer)
  local tokens = pointer_tokens(pointer)
  if #tokens == 0 then return doc end
  local container, last = resolve(doc, tokens)
  if is_array(container) then return container[array_index(container, last)] end
  return container[last]
end

-- Applies one operation and returns the new document (a change of the whole document replaces it).
local function apply_operation(doc, op)
  local kind, pointer = op.op, op.path
  if kind == "test" then return doc end
  local value = op.value
  if kind == "move" or kind == "copy" then
    value = deep_copy(get(doc, op.from))
    if kind == "move" then doc = apply_operation(doc, { op = "remove", path = op.from }) end
    kind = "add"
  end
  local tokens = pointer_tokens(pointer)
  if #tokens == 0 then
    if kind == "remove" then return nil end
    return value
  end
  local container, last = resolve(doc, tokens)
  if is_array(container) then
    if kind == "add" then
      table.insert(container, array_index(container, last, true), value)
    elseif kind == "remove" then
      table.remove(container, array_index(container, last))
    elseif kind == "replace" then
      container[array_index(container, last)] = value
    else
      error("JSON Patch: unknown operation " .. tostring(kind))
    end
  else
    if kind == "add" or kind == "replace" then container[last] = value
    elseif kind == "remove" then container[last] = nil
    else error("JSON Patch: unknown operation " .. tostring(kind)) end
  end
  return doc
end

--- Returns `doc` with the RFC 6902 `patch` applied (in place where it can be).
function M.apply_patch(doc, patch)
  for _, op in ipairs(patch) do doc = apply_operation(doc, op) end
  return doc
end

-- The connection ----------------------------------------------------------------------------------

--- Returns the control socket navctl would use: $NAVD_SOCKET, $XDG_RUNTIME_DIR/navd/control.sock
--- when it exists, else /run/navd/control.sock.
function M.default_socket()
  local explicit = os.getenv("NAVD_SOCKET")
  if explicit and explicit ~= "" then return explicit end
  local candidates = {}
  local runtime = os.getenv("RUNTIME_DIRECTORY")
  if runtime and runtime ~= "" then candidates[#candidates + 1] = runtime .. "/control.sock" end
  runtime = os.getenv("XDG_RUNTIME_DIR")
  if runtime and runtime ~= "" then candidates[#candidates + 1] = runtime .. "/navd/control.sock" end
  for _, path in ipairs(candidates) do
    -- Renaming a file to itself succeeds exactly when it exists (a socket included), without
    -- connecting to it.
    if os.rename(path, path) then return path end
  end
  return "/run/navd/control.sock"
end

local Connection = {}
Connection.__index = Connection

local function connect_socket(path)
  local sock = unix.stream and unix.stream() or unix()
  local ok, err = sock:connect(path)
  if not ok then
    sock:close()
    return nil, err
  end
  return sock
end

local function open_connection(path)
  local sock, err = connect_socket(path)
  if not sock then
    return nil, string.format("navd: cannot connect to %s: %s (is navd running? see navd --help)", path, err)
  end
  return setmetatable({ sock = sock, path = path, next_id = 0, queue = {}, partial = nil, on_event = nil }, Connection)
end

-- Runs `open` (which connects and makes its first requests); when navd refused the connection
-- for having too many clients (-32007), collects garbage, which closes the handles a spec
-- dropped without closing, and tries once more.
local function with_room(open)
  local ok, result = pcall(open)
  if not ok and type(result) == "string" and result:find("(-32007)", 1, true) then
    collectgarbage("collect")
    ok, result = pcall(open)
  end
  if ok then return result end
  fail(result)
end

-- Reads one line, waiting until `deadline` (socket.gettime() seconds; nil waits for ever).
-- Returns nil when the deadline passed.
function Connection:read_line(deadline)
  if not self.sock then fail("navd: the connection is closed") end
  local timeout = nil
  if deadline then timeout = math.max(0, deadline - socket.gettime()) end
  self.sock:settimeout(timeout)
  local line, err, partial = self.sock:receive("*l", self.partial)
  if line then
    self.partial = nil
    return line
  end
  if err == "timeout" then
    self.partial = partial
    return nil
  end
  self.sock:close()
  self.sock = nil
  fail(string.format("navd: the connection to %s closed (%s)%s", self.path, err,
    self.shutdown and ("; navd is stopping: " .. tostring(self.shutdown.reason)) or ""))
end

-- Handles a notification: queued for events(), and shown to the connection's observer.
function Connection:notify(message)
  local event = message.params or {}
  event.event = message.method:gsub("^event%.", "")
  if message.method == "event.shutdown" then self.shutdown = event end
  if self.on_event then
    self.on_event(event)
  else
    self.queue[#self.queue + 1] = event
  end
end

-- Reads and handles one message; returns it, or nil when the deadline passed.
function Connection:pump(deadline)
  local line = self:read_line(deadline)
  if not line then return nil end
  local message, err = decode(line)
  if not message then fail("navd: a line from the daemon is not JSON (" .. err .. "): " .. line:sub(1, 200)) end
  if message.id == nil and message.method then
    self:notify(message)
  elseif message.id == nil and message.error then
    fail(string.format("navd: %s (%d)", message.error.message, message.error.code))
  end
  return message
end

-- Writes `value` as one line.
function Connection:write(value)
  if not self.sock then fail("navd: the connection is closed") end
  self.sock:settimeout(nil)
  local sent, err = self.sock:send(encode(value) .. "\n")
  if not sent then fail(string.format("navd: cannot write to %s: %s", self.path, err)) end
end

function Connection:request(method, params)
  self.next_id = self.next_id + 1
  return { jsonrpc = "2.0", id = self.next_id, method = method, params = setmetatable(params or {}, OBJECT) }
end

-- Returns a response's result, or fails with its error's message.
function Connection:outcome(response)
  if response.error then
    self.last_error = response.error
    fail(response.error.message)
  end
  return response.result
end

-- Reads and handles every message that has already arrived, without waiting.
function Connection:drain()
  while self:pump(socket.gettime()) do end
end

--- Sends one request and returns its result; a JSON-RPC error is a Lua error with its message.
--- With `deadline` (socket.gettime() seconds), fails when no answer came by then.
function Connection:call(method, params, deadline)
  self.last_error = nil
  local request = self:request(method, params)
  self:write(request)
  while true do
    local message = self:pump(deadline)
    if message == nil then fail(string.format("navd: no answer to %s in time", method)) end
    if message.id == request.id then return self:outcome(message) end
  end
end

--- Sends the requests `{method, params}…` as one batch (one line, answered in order, in one
--- round trip) and returns their results; the first error fails.
function Connection:batch(calls)
  self.last_error = nil
  local requests = M.array({})
  for i, call in ipairs(calls) do requests[i] = self:request(call[1], call[2]) end
  self:write(requests)
  while true do
    local message = self:pump(nil)
    if message[1] ~= nil then
      local by_id = {}
      for _, response in ipairs(message) do by_id[response.id] = response end
      local results = {}
      for i, request in ipairs(requests) do
        local response = by_id[request.id]
        if not response then fail("navd: the batch's answer lacks request " .. request.id) end
        results[i] = self:outcome(response)
      end
      return results
    end
  end
end

function Connection:close()
  if self.sock then
    self.sock:close()
    self.sock = nil
  end
end

-- The mirror: the session's state kept current from event.state patches, for await -----------

local Mirror = {}
Mirror.__index = Mirror

-- Opens its own connection, so that its subscription's events never mix with the handle's: the
-- session's state changes, and its runtime warnings for warnings().
local function open_mirror(path, session)
  local connection = assert(open_connection(path))
  local mirror = setmetatable({ connection = connection, session = session, pending = {}, warnings = {} }, Mirror)
  connection.on_event = function(event)
    if event.event == "state" then
      mirror.pending[#mirror.pending + 1] = event
    elseif event.event == "warning" then
      mirror.warnings[#mirror.warnings + 1] = event.message
    end
  end
  connection:call("client.setName", { name = "navd.client mirror" })
  connection:call("subscribe", { session = session, events = M.array({ "state", "warning" }) })
  mirror:resync()
  return mirror
end

-- Reads the current state afresh, dropping the changes that it includes.
function Mirror:resync()
  local current = self.connection:call("store.state", { session = self.session })
  self.state, self.version = current.state, current.version
end

-- Applies the next pending change, reading one when none is pending (until `deadline`), and
-- returns true; returns false when the deadline passed first.
function Mirror:step(deadline)
  while true do
    while #self.pending == 0 do
      if not self.connection:pump(deadline) then return false end
    end
    local event = table.remove(self.pending, 1)
    if event.version == self.version + 1 then
      self.state = M.apply_patch(self.state, event.patch)
      self.version = event.version
      return true
    elseif event.version > self.version + 1 then
      self:resync()
      return true
    end
  end
end

-- Applies, without checking them, the changes up to version `upto` (waiting for those still on
-- their way); the later ones that have arrived stay pending.
function Mirror:advance_to(upto)
  while true do
    self.connection:drain()
    local event = self.pending[1]
    if event == nil then
      if self.version >= upto then return end
      if not self.connection:pump(socket.gettime() + 5) then return self:resync() end
    elseif event.version > upto then
      return
    else
      self:step(socket.gettime())
    end
  end
end

function Mirror:close()
  self.connection:close()
end

-- Handles -----------------------------------------------------------------------------------------

local Handle = {}

-- Reads the state (or its part at `path`), noting the version seen.
local function read_state(self, path)
  local result = self.connection:call("store.state", { session = self.session, path = path })
  rawset(self, "seen", result.version)
  return result
end

local handle_fields = {
  state = function(self) return read_state(self).state end,
  version = function(self) return read_state(self).version end,
}

Handle.__index = function(self, key)
  local method = Handle[key]
  if method ~= nil then return method end
  local field = handle_fields[key]
  if field then return field(self) end
  return nil
end

Handle.__name = "navd.client handle"

function Handle.__tostring(self)
  return string.format("navd.client handle (session %s on %s)", tostring(self.session), self.path)
end

local function new_handle(connection, description, owned, settles)
  local handle = setmetatable({
    connection = connection,
    path = connection.path,
    session = description.name,
    feature = description.feature,
    owned = owned,
    settles = settles,
    clock = "live",
  }, Handle)
  return handle
end

--- Sends an action (a path string with its payload, or a table) and returns the new version
--- once the reducer ran; the effects it started go on, as with `session:send` in the daemon.
function Handle:send(action, ...)
  local params = { session = self.session, action = from_script(action) }
  if select("#", ...) > 0 then
    local args = M.array({})
    for i = 1, select("#", ...) do args[i] = from_script((select(i, ...))) end
    params.args = args
  end
  return self:act("store.send", params)
end

-- Sends an action's request, with a store.settle after it in the same batch unless the handle
-- was made with `settle = false`; returns the version after both.
function Handle:act(method, params, verb)
  local ok, results = pcall(function()
    if not self.settles then return { self.connection:call(method, params) } end
    return self.connection:batch({ { method, params }, { "store.settle", { session = self.session } } })
  end)
  if not ok then
    -- The screens' errors say which use failed, as the in-process handles' do.
    if verb and self.connection.last_error and self.connection.last_error.code == -32008 then
      fail(verb .. ": " .. results)
    end
    fail(results)
  end
  local version = (results[2] or results[1]).version
  self.seen = version
  return version
end

--- Returns the part of the state at `path` (`destination.counter.count`), or all of it.
function Handle:get(path)
  return read_state(self, path).state
end

local function describe_state(state)
  local text = encode(state) or tostring(state)
  if #text > 2000 then text = text:sub(1, 2000) .. "…" end
  return text
end

--- Returns the first state for which `predicate` holds, checking the current state and then
--- every state the session passes through, for at most `seconds` of real time (default 1).
---
--- `predicate` is a Lua function of the state, or a Lua expression over `s` as a string, which
--- the daemon evaluates (store.await).
function Handle:await(predicate, seconds)
  seconds = seconds or 1
  if type(predicate) == "string" then
    local result = self.connection:call("store.await",
      { session = self.session, predicate = predicate, timeout = seconds })
    return result.state, result.version
  end
  if type(predicate) ~= "function" then
    fail("await: the predicate must be a function or a Lua expression string, not " .. type(predicate))
  end
  -- The first state checked is the one this handle last saw (after its last action, or its last
  -- read of the state): changes that came before await was called, but after that, are checked
  -- one at a time too, as they would have been in process.
  local mirror = self:current_mirror(self.seen)
  local deadline = socket.gettime() + seconds
  if predicate(mirror.state) then return deep_copy(mirror.state), mirror.version end
  while mirror:step(deadline) do
    if predicate(mirror.state) then return deep_copy(mirror.state), mirror.version end
  end
  fail(string.format("await: the predicate did not hold within %g s of real time. Last state of %s (version %d): %s",
    seconds, self.session, mirror.version, describe_state(mirror.state)))
end

-- Returns the mirror, with the changes up to version `upto` applied (see advance_to); opened
-- again when the daemon dropped it (a mirror left unread past the daemon's queue limit is
-- disconnected).
function Handle:current_mirror(upto)
  if self.mirror then
    local ok = pcall(Mirror.advance_to, self.mirror, upto)
    if ok then return self.mirror end
    self.mirror:close()
    self.mirror = nil
  end
  self.mirror = open_mirror(self.path, self.session)
  return self.mirror
end

--- Returns the runtime warnings the session reported since the last call (or since the handle
--- was made), and forgets them.
function Handle:warnings()
  local mirror = self:current_mirror(self.seen)
  -- What has arrived is read, and its changes kept for await, not applied unchecked.
  mirror.connection:drain()
  local warnings = mirror.warnings
  mirror.warnings = {}
  return warnings
end

--- Waits until the effects in flight are suspended or finished (store.settle); returns whether
--- they settled within the daemon's timeout.
function Handle:settle()
  return self.connection:call("store.settle", { session = self.session }).settled
end

--- Waits `seconds` of real time: sessions in a daemon run on the real clock.
function Handle:advance(seconds)
  socket.sleep(seconds or 0)
end

--- Returns the headless screen tree, as `app:screen()` gives it in process.
function Handle:screen()
  local result = self.connection:call("screen.get", { session = self.session })
  local screen = result.screen
  if type(screen) == "table" and screen.text == nil then screen.text = result.text end
  return screen, result.text
end

--- Taps the control labelled `query` (or `{label=…, role=…, index=…}`) on the frontmost screen.
function Handle:tap(query)
  local params = { session = self.session }
  if type(query) == "table" then
    for key in pairs(query) do
      if key ~= "label" and key ~= "role" and key ~= "index" then
        fail("tap: unknown field '" .. tostring(key) .. "' (expected label, role or index)")
      end
    end
    if query.index ~= nil and (math.type(query.index) ~= "integer" or query.index < 1) then
      fail("tap: index must be a whole number from 1, got " .. tostring(query.index))
    end
    params.label, params.role, params.index = query.label, query.role, query.index
  elseif type(query) == "string" then
    params.label = query
  else
    fail("bad argument #1 to 'tap' (a label string or {label=…, role=…, index=…} expected, got "
      .. type(query) .. ")")
  end
  return self:act("screen.tap", params, "tap")
end

--- Types `text` into the field labelled `field`.
Handle["type"] = function(self, field, text)
  return self:act("screen.type", { session = self.session, field = field, text = text }, "type")
end

--- Goes back, as the system back button would.
function Handle:back()
  return self:act("screen.back", { session = self.session }, "back")
end

--- Fails unless `text` is shown on the frontmost screen, with the message `app:see` gives.
function Handle:see(text)
  self.connection:call("lua.eval", {
    code = "local ok, err = pcall(session.see, session, ...) if not ok then error(err, 0) end",
    args = M.array({ text }),
    name = "see",
  })
  return true
end

--- Runs Lua in this connection's own state in the daemon (`session` is this handle's session);
--- returns the chunk's results.
function Handle:eval(code, ...)
  local ok, result = pcall(self.connection.call, self.connection, "lua.eval", { code = code, args = M.array({ ... }) })
  if not ok then
    local data = self.connection.last_error and self.connection.last_error.data
    fail(data and data.traceback and (result .. "\n" .. data.traceback) or result)
  end
  local results = result.results or {}
  return table.unpack(results, 1, #results)
end

--- Starts events of the session on this handle: `kinds` from "action", "state", "warning",
--- "navigation" (default: the daemon's, the first three). Returns the subscription's id and the
--- version the events follow.
function Handle:subscribe(kinds)
  local params = { session = self.session }
  if kinds then params.events = M.array(kinds) end
  local result = self.connection:call("subscribe", params)
  return result.subscription, result.version
end

--- Stops the subscription `id`.
function Handle:unsubscribe(id)
  return self.connection:call("unsubscribe", { subscription = id })
end

--- Returns the events received so far and forgets them, each a table of the notification's
--- params with `event` its kind ("action", "state", …). When there are none, waits up to
--- `seconds` (default 0) for the first.
function Handle:events(seconds)
  local connection = self.connection
  if #connection.queue == 0 and seconds and seconds > 0 then
    local deadline = socket.gettime() + seconds
    while #connection.queue == 0 and connection:pump(deadline) do end
  end
  -- Whatever has already arrived is taken too.
  connection:drain()
  local events = connection.queue
  connection.queue = {}
  return events
end

--- Returns the next event, waiting up to `seconds` (default 1), or nil when none came.
function Handle:next_event(seconds)
  local connection = self.connection
  local deadline = socket.gettime() + (seconds or 1)
  while #connection.queue == 0 do
    if not connection:pump(deadline) then return nil end
  end
  return table.remove(connection.queue, 1)
end

--- Returns the session's history: `{entries, first, last}` (opts: limit, since, after).
function Handle:history(opts)
  local params = { session = self.session }
  for k, v in pairs(opts or {}) do params[k] = v end
  return self.connection:call("session.history", params)
end

--- Restores the state of `version` as a new version, which it returns.
function Handle:jump(version)
  return self.connection:call("session.jump", { session = self.session, version = version }).version
end

--- Sends a raw request on this handle's connection and returns its result.
function Handle:call(method, params)
  return self.connection:call(method, params)
end

--- Closes the connection, and the session when `launch` opened it for this handle.
function Handle:close()
  if self.closed then return end
  self.closed = true
  if self.mirror then self.mirror:close() end
  if self.owned and self.connection.sock then
    -- Bounded: a close may run in a finalizer, which must not hang on a daemon that stopped
    -- answering.
    pcall(self.connection.call, self.connection, "session.close", { name = self.session },
      socket.gettime() + 5)
  end
  self.connection:close()
  if self.daemon then self.daemon:stop() end
end

Handle.__close = function(self) self:close() end
Handle.__gc = function(self) pcall(Handle.close, self) end

-- Entry points ------------------------------------------------------------------------------------

-- Returns `handle` following its session's state from now on, so that await checks every
-- version after the handle was made, and warnings() has them all; closes the handle (and a
-- launched session) when that connection cannot be made.
local function with_mirror(handle)
  local ok, mirror = pcall(open_mirror, handle.path, handle.session)
  if not ok then
    handle:close()
    error(mirror, 0)
  end
  handle.mirror = mirror
  handle.seen = mirror.version
  return handle
end

--- Connects to the navd at `path` (default: navd.default_socket()) and returns a handle on a
--- session: opts.session names it (else the daemon's default), opts.feature opens it when it
--- does not exist yet, opts.name names this client in `client.list`.
function M.connect(path, opts)
  if type(path) == "table" and opts == nil then path, opts = nil, path end
  opts = opts or {}
  path = path or M.default_socket()
  return with_room(function() return M.connect_once(path, opts) end)
end

-- connect, without the retry.
function M.connect_once(path, opts)
  local connection, err = open_connection(path)
  if not connection then fail(err) end
  connection:call("client.setName", { name = opts.name or "navd.client" })
  local description
  if opts.session and opts.feature then
    description = connection:call("session.open",
      { name = opts.session, feature = opts.feature, state = from_script(opts.state) })
  end
  description = connection:call("session.attach", { name = opts.session })
  return with_mirror(new_handle(connection, description, false, opts.settle ~= false))
end

local launched = 0

--- Opens a fresh session of `feature` on the running navd (opts.socket, else the default) and
--- returns its handle: `opts.state` is its initial state, as in `navd.launch` in process. The
--- session is closed with the handle.
function M.launch(feature, opts)
  opts = opts or {}
  local path = opts.socket or M.default_socket()
  return with_room(function() return M.launch_once(feature, path, opts) end)
end

-- launch, without the retry.
function M.launch_once(feature, path, opts)
  local connection, err = open_connection(path)
  if not connection then fail(err) end
  launched = launched + 1
  local name = string.format("%s-%d-%d-%d", feature, os.time(), math.random(0, 0x7fffffff), launched)
  connection:call("client.setName", { name = opts.name or ("navd.client " .. name) })
  connection:call("session.open", { name = name, feature = feature, state = from_script(opts.state) })
  local description = connection:call("session.attach", { name = name })
  return with_mirror(new_handle(connection, description, true, opts.settle ~= false))
end

-- Daemons -----------------------------------------------------------------------------------------

local Daemon = {}
Daemon.__index = Daemon

local function shell_quote(text)
  return "'" .. tostring(text):gsub("'", "'\\''") .. "'"
end

local function process_alive(pid)
  return os.execute("kill -0 " .. pid .. " 2>/dev/null") == true
end

local function read_file(path)
  local file = io.open(path, "r")
  if not file then return "" end
  local text = file:read("a")
  file:close()
  return text
end

--- Stops the daemon (SIGTERM, then SIGKILL after 5 s) and removes its directory.
function Daemon:stop()
  if self.stopped then return end
  self.stopped = true
  os.execute("kill -TERM " .. self.pid .. " 2>/dev/null")
  local deadline = socket.gettime() + 5
  while process_alive(self.pid) and socket.gettime() < deadline do socket.sleep(0.01) end
  if process_alive(self.pid) then os.execute("kill -KILL " .. self.pid .. " 2>/dev/null") end
  os.execute("rm -rf " .. shell_quote(self.directory))
end

--- Returns what the daemon wrote to standard error so far.
function Daemon:log()
  return read_file(self.directory .. "/navd.log")
end

Daemon.__gc = function(self) pcall(Daemon.stop, self) end

--- Starts a private daemon and returns a handle on its first session, which stops it on close.
---
--- opts.host: the program, a NavHost or navd (default: $NAVD_HOST, else "navd"), run as
--- `HOST serve --socket DIR/control.sock --session …` in a new directory; opts.features: the
--- features to open, a list (each a session of its name) or a map of session names to
--- features; opts.args: more options for `serve`; opts.timeout: seconds to wait for the socket
--- (default 30).
function M.spawn(opts)
  opts = opts or {}
  local host = opts.host or os.getenv("NAVD_HOST") or "navd"
  local template = os.tmpname()
  os.remove(template)
  local directory = template .. ".navd"
  assert(os.execute("mkdir -m 0700 " .. shell_quote(directory)), "cannot create " .. directory)
  local socket_path = directory .. "/control.sock"
  local words = { shell_quote(host), "serve", "--socket", shell_quote(socket_path) }
  local sessions = {}
  if opts.features then
    if #opts.features > 0 then
      for _, feature in ipairs(opts.features) do sessions[#sessions + 1] = { feature, feature } end
    else
      for name, feature in pairs(opts.features) do sessions[#sessions + 1] = { name, feature } end
      table.sort(sessions, function(a, b) return a[1] < b[1] end)
    end
  end
  for _, session in ipairs(sessions) do
    words[#words + 1] = "--session"
    words[#words + 1] = shell_quote(session[1] .. "=" .. session[2])
  end
  for _, arg in ipairs(opts.args or {}) do words[#words + 1] = shell_quote(arg) end
  local command = table.concat(words, " ")
  local pipe = assert(io.popen(string.format("%s </dev/null >%s 2>&1 & echo $!", command,
    shell_quote(directory .. "/navd.log"))))
  local pid = tonumber(pipe:read("l"))
  pipe:close()
  local daemon = setmetatable({ pid = pid, directory = directory, socket = socket_path, command = command }, Daemon)
  local deadline = socket.gettime() + (opts.timeout or 30)
  while true do
    local probe = connect_socket(socket_path)
    if probe then
      probe:close()
      break
    end
    if not process_alive(pid) or socket.gettime() > deadline then
      local log = daemon:log()
      daemon:stop()
      fail(string.format("navd.spawn: %s did not start listening on %s:\n%s", command, socket_path, log))
    end
    socket.sleep(0.01)
  end
  local ok, handle = pcall(M.connect, socket_path,
    { session = sessions[1] and sessions[1][1] or opts.session, name = opts.name, settle = opts.settle })
  if not ok then
    daemon:stop()
    fail(handle)
  end
  handle.daemon = daemon
  return handle
end

return M
