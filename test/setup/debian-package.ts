import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function onPath(command: string): string | undefined {
  if (command.startsWith('/')) return existsSync(command) ? command : undefined;
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const path = `${dir}/${command}`;
    if (dir && existsSync(path)) return path;
  }
  return undefined;
}

/**
 * Tests that use a Debian tool (chromium for the browser tests, d52's d48 as a witness for our
 * disassembler) get it installed when the user is root, as on CI; anyone else gets one line saying how.
 */
export function ensureDebianPackage(command: string, pkg: string): string {
  const found = onPath(command);
  if (found) return found;
  if (process.getuid?.() === 0) {
    console.log(`[test setup] ${command} missing: installing Debian package "${pkg}" (apt-get)...`);
    execFileSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`], {
      stdio: 'inherit',
    });
    const installed = onPath(command);
    if (installed) return installed;
  }
  throw new Error(`These tests need ${command}: run "sudo apt-get install ${pkg}".`);
}
