-- What our MAME 0.251 autoboot scripts share (oracle.lua, machine-oracle.lua, bios-check.lua): a script loads it with
--   local kit = dofile(debug.getinfo(1, "S").source:match("^@(.*[/\\])") .. "o2-kit.lua")
-- and gets the machine's save items by name, bytes as hex, and the ending every script has: close the output,
-- write the marker file (the caller trusts the output only when it exists: Debian's MAME may crash while shutting
-- down Lua) and ask MAME to exit.
local kit = {}

kit.machine = manager.machine
kit.cpu = kit.machine.devices[":maincpu"]
kit.root = kit.machine.devices[":"]
kit.vdc = kit.machine.devices[":i8244"]

-- A save item of a device (e.g. "0/m_pc"); an error naming it when this MAME has no such item.
function kit.item(device, name)
  local raw = device.items[name]
  if raw == nil then error("save item not found: " .. name) end
  return emu.item(raw)
end

-- The first `count` bytes of a save item as lower-case hex.
function kit.hex(it, count)
  local t = {}
  for i = 0, count - 1 do t[#t + 1] = string.format("%02x", it:read(i)) end
  return table.concat(t)
end

-- An environment setting that must be there.
function kit.need(name)
  return assert(os.getenv(name), name .. " not set")
end

-- The end of a run: the output closed, the marker written, MAME asked to exit.
function kit.finish(out, marker_path)
  if out then out:close() end
  local m = assert(io.open(marker_path, "w"))
  m:write("ok\n")
  m:close()
  kit.machine:exit()
end

return kit
