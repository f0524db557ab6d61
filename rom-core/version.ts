/** Version of the emulator core (CPU, VDC, machine); shown on the landing page and in save states. */
export const CORE_VERSION = '0.1.0';
