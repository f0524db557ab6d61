-- MAME 0.251 autoboot script for test/rom-core/roms/mame-check.ts (the shared part is o2-kit.lua): runs our BIOS with the test
-- cartridge, presses the key named by O2_KEY (a field of :KEY.0) from frame O2_PRESS for 5 frames,
-- and writes one JSON line per frame (PC, iRAM 20h/3Dh-3Fh, external RAM 01h/02h, VDC A0h/A3h and
-- the character registers 10h-3Fh), then the marker file, then exits.
local kit = dofile(debug.getinfo(1, "S").source:match("^@(.*[/\\])") .. "o2-kit.lua")
local out_path = kit.need("O2_OUT")
local marker_path = kit.need("O2_MARKER")
local frames = tonumber(os.getenv("O2_FRAMES") or "240")
local press = tonumber(os.getenv("O2_PRESS") or "60")
local keyname = os.getenv("O2_KEY") or "3"

local machine, cpu, item = kit.machine, kit.cpu, kit.item
local iram = item(cpu, "0/:maincpu:data")
local xram = item(machine.devices[":"], "0/m_ram")
local vdc = item(machine.devices[":i8244"], "0/m_vdc.reg")
local pc = item(cpu, "0/m_pc")

local field = nil
local names = {}
for name, f in pairs(machine.ioport.ports[":KEY.0"].fields) do
  names[#names + 1] = name
  if name == keyname then field = f end
end

local out = assert(io.open(out_path, "w"))
out:write('{"fields":"', table.concat(names, "|"), '"}\n')
local frame = 0
emu.register_frame_done(function()
  if frame > frames then return end
  if field ~= nil then
    if frame == press then field:set_value(1) end
    if frame == press + 5 then field:set_value(0) end
  end
  local chars = {}
  for i = 0x10, 0x3f do chars[#chars + 1] = string.format("%02x", vdc:read(i)) end
  out:write(string.format('{"frame":%d,"pc":%d,"key":%d,"coll":%d,"clock":%d,"flags":%d,"min":%d,"sec":%d,"a0":%d,"a3":%d,"chars":"%s"}\n',
    frame, pc:read(0), iram:read(0x20), iram:read(0x3d), iram:read(0x3e), iram:read(0x3f),
    xram:read(1), xram:read(2), vdc:read(0xa0), vdc:read(0xa3), table.concat(chars)))
  frame = frame + 1
  if frame > frames then kit.finish(out, marker_path) end
end)
