-- MAME 0.251 autoboot script: the whole-machine oracle for rom-core/machine (test/mame/make-machine-goldens.ts).
-- At every frame callback (start of VBLANK) it writes one JSON line in the format of `o2 run --state-jsonl`
-- (frame from 1, pc, a, psw, p1, p2, iram, eram, vdc) plus MAME's total CPU cycles, applies the input
-- events due before the next frame, saves the pictures asked for as raw ARGB32, then writes the marker
-- file and exits.
-- The picture of frame N is read at the callback of frame N + 1: at a frame callback MAME has already
-- swapped its two screen bitmaps, so `pixels()` returns the frame before (measured with raster.a48:
-- the picture read at callback N equals our frame N - 1 pixel for pixel, NTSC and PAL; the frames
-- differ because the idle loop's phase against VBLANK moves every frame). Debian's MAME may crash while shutting down Lua: the caller trusts the output
-- only when the marker exists.
-- Environment: O2M_OUT (JSONL), O2M_SCREEN (raw pixels of the last frame; with O2M_SHOTS a path prefix:
-- PREFIX.N.argb for each frame N listed), O2M_SHOTS (optional, "5,20,30"), O2M_MARKER, O2M_FRAMES,
-- O2M_RUN_FRAMES (optional: frames to run in all, for -wavwrite), O2M_INPUT (optional: lines "FRAME PORT MASK 0|1", e.g. "3 JOY.0 1 1" = press JOY.0 bit 0 before frame 3).

local kit = dofile(debug.getinfo(1, "S").source:match("^@(.*[/\\])") .. "o2-kit.lua")
local out_path = kit.need("O2M_OUT")
local screen_path = kit.need("O2M_SCREEN")
local marker_path = kit.need("O2M_MARKER")
local frames = tonumber(os.getenv("O2M_FRAMES") or "30")
local input_path = os.getenv("O2M_INPUT")
-- run this many frames before exiting (more than O2M_FRAMES lets -wavwrite flush the last frames)
local last = math.max(frames, tonumber(os.getenv("O2M_RUN_FRAMES") or "0"))
local shots = {}
local shots_env = os.getenv("O2M_SHOTS")
if shots_env then
  for n in shots_env:gmatch("%d+") do shots[tonumber(n)] = screen_path .. "." .. n .. ".argb" end
else
  shots[frames] = screen_path
end

local machine, cpu, root, vdc, item, hex = kit.machine, kit.cpu, kit.root, kit.vdc, kit.item, kit.hex

local totalcycles = item(cpu, "0/m_totalcycles")
local regs = {
  pc = item(cpu, "0/m_pc"), a = item(cpu, "0/m_a"), psw = item(cpu, "0/m_psw"),
  p1 = item(cpu, "0/m_p1"), p2 = item(cpu, "0/m_p2"),
}
local iram = item(cpu, "0/:maincpu:data")
local eram = item(root, "0/m_ram")
local vreg = item(vdc, "0/m_vdc.reg")

-- Input events, keyed by the frame they must be in force for.
local events = {}
if input_path then
  for line in io.lines(input_path) do
    local f, port, mask, value = line:match("^(%d+)%s+(%S+)%s+(%d+)%s+([01])")
    if f then
      f = tonumber(f)
      events[f] = events[f] or {}
      table.insert(events[f], { port = port, mask = tonumber(mask), value = tonumber(value) })
    end
  end
end

local function field_of(port_name, mask)
  local port = machine.ioport.ports[":" .. port_name]
  if port == nil then error("no input port " .. port_name) end
  for _, field in pairs(port.fields) do
    if field.mask == mask then return field end
  end
  error("no field with mask " .. mask .. " in " .. port_name)
end

local function apply(frame)
  for _, e in ipairs(events[frame] or {}) do field_of(e.port, e.mask):set_value(e.value) end
end

local out = assert(io.open(out_path, "w"))
local frame = 0
apply(1)
local function save_picture(path)
  local s = assert(io.open(path, "wb"))
  local pixels = machine.screens[":screen"]:pixels() -- also returns width and height: keep the string only
  s:write(pixels)
  s:close()
end

emu.register_frame_done(function()
  if frame > last then return end
  -- this callback shows the picture of the frame before it (see the header)
  if frame >= 1 and shots[frame] then save_picture(shots[frame]) end
  if frame == last then
    frame = frame + 1
    kit.finish(nil, marker_path)
    return
  end
  frame = frame + 1
  if frame > frames then return end
  local fields = { string.format('"frame":%d', frame) }
  for _, name in ipairs({ "pc", "a", "psw", "p1", "p2" }) do
    fields[#fields + 1] = string.format('"%s":%d', name, regs[name]:read(0))
  end
  fields[#fields + 1] = string.format('"iram":"%s"', hex(iram, 64))
  fields[#fields + 1] = string.format('"eram":"%s"', hex(eram, 128))
  fields[#fields + 1] = string.format('"vdc":"%s"', hex(vreg, 256))
  fields[#fields + 1] = string.format('"cycles":%d', totalcycles:read(0))
  out:write("{", table.concat(fields, ","), "}\n")
  if frame == frames then out:close() end
  apply(frame + 1)
end)
