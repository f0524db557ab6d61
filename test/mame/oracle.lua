-- MAME 0.251 autoboot script: the CPU oracle for our 8048 core.
-- Once per frame (at the start of VBLANK, where MAME calls frame_done) it records the CPU's
-- architectural state and both RAMs as one JSON line, for O2_ORACLE_FRAMES frames; then it writes
-- the marker file and asks MAME to exit. Debian's MAME may crash while shutting down Lua, so the
-- caller trusts the output only when the marker exists.
-- Environment: O2_ORACLE_OUT (JSONL path), O2_ORACLE_MARKER (marker path), O2_ORACLE_FRAMES (count).

local kit = dofile(debug.getinfo(1, "S").source:match("^@(.*[/\\])") .. "o2-kit.lua")
local out_path = kit.need("O2_ORACLE_OUT")
local marker_path = kit.need("O2_ORACLE_MARKER")
local frames = tonumber(os.getenv("O2_ORACLE_FRAMES") or "30")

local cpu, root, item, hex = kit.cpu, kit.root, kit.item, kit.hex

-- m_totalcycles counts machine cycles: the 8048 device divides its input clock by 15
-- (execute_clocks_to_cycles), and the scheduler adds the cycles each timeslice really ran.
local totalcycles = item(cpu, "0/m_totalcycles")
local items = {
  pc = item(cpu, "0/m_pc"), a = item(cpu, "0/m_a"), psw = item(cpu, "0/m_psw"),
  p1 = item(cpu, "0/m_p1"), p2 = item(cpu, "0/m_p2"), f1 = item(cpu, "0/m_f1"),
  a11 = item(cpu, "0/m_a11"), timer = item(cpu, "0/m_timer"), prescaler = item(cpu, "0/m_prescaler"),
  tf = item(cpu, "0/m_timer_flag"), irq = item(cpu, "0/m_irq_in_progress"),
}
local iram = item(cpu, "0/:maincpu:data")
local xram = item(root, "0/m_ram")

local out = assert(io.open(out_path, "w"))
local frame = 0
emu.register_frame_done(function()
  if frame >= frames then return end
  local fields = { string.format('"frame":%d', frame), string.format('"cycles":%d', totalcycles:read(0)) }
  for _, name in ipairs({ "pc", "a", "psw", "p1", "p2", "f1", "a11", "timer", "prescaler", "tf", "irq" }) do
    fields[#fields + 1] = string.format('"%s":%d', name, items[name]:read(0))
  end
  fields[#fields + 1] = string.format('"ram":"%s"', hex(iram, 64))
  fields[#fields + 1] = string.format('"xram":"%s"', hex(xram, 128))
  out:write("{", table.concat(fields, ","), "}\n")
  frame = frame + 1
  if frame == frames then kit.finish(out, marker_path) end
end)
