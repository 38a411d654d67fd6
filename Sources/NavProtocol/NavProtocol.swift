// The control channel's protocol: JSON values, JSON-RPC 2.0, framing, JSON Patch.
