import { ensureDebianPackage } from './debian-package.ts';

export default function setup(): void {
  ensureDebianPackage('d48', 'd52');
}
