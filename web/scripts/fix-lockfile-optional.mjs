// Repairs package-lock.json after `npm install` on a machine whose npm registry does not serve
// every platform build of @tailwindcss/oxide (the registry reachable here answers 404 for the
// darwin, win32, android, freebsd, arm-gnueabihf and wasm32 builds). npm then leaves those
// optional packages out of the lockfile, and `npm ci` refuses it ("Missing: ... from lock file").
// This adds entries for them: npm skips them on other platforms by their os/cpu, and fetches
// them by version where the registry has them. Run `npm install` afterwards to normalise the file.
// Usage: node scripts/fix-lockfile-optional.mjs   (when the version of tailwindcss changes)
import fs from 'node:fs';
const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const platforms = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};
const oxide = lock.packages['node_modules/@tailwindcss/oxide'];
if (!oxide) throw new Error('@tailwindcss/oxide is not in package-lock.json');
for (const [p, plat] of Object.entries(platforms)) {
  const key = `node_modules/@tailwindcss/oxide-${p}`;
  if (lock.packages[key]?.integrity) continue; // a real entry from the registry
  lock.packages[key] = { version: oxide.version, ...plat, dev: true, license: 'MIT', optional: true, engines: { node: '>= 20' } };
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
