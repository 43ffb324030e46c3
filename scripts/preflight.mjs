#!/usr/bin/env node
// `npm test` starts here: it checks what the suite needs before anything runs, and gets what is missing, so a
// newcomer on a fresh machine sees one clear line instead of a stack trace ten minutes in. Plain JavaScript with
// Node's built-ins only, because it must run before `npm install` has put anything in node_modules.
//
// What the suite needs beyond npm's packages: a Chromium for the e2e tests (Playwright's own download does not
// work on every machine, so Debian's package is preferred) and Python 3 with pytest, pytest-cov, mypy and hypothesis
// for the Python port. Missing ones are installed through apt-get when this runs as root or with password-less sudo
// (as Playwright's `install --with-deps` does); otherwise it stops at once with the exact command to run.
//
// Flags: --check (report only, install nothing; exit 1 if something is missing).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const checkOnly = process.argv.includes('--check');
const PYTHON = '/usr/bin/python3';
const PYTHON_MODULES = ['pytest', 'pytest_cov', 'mypy', 'hypothesis'];
const PYTHON_DEBIAN = ['python3', 'python3-pytest', 'python3-pytest-cov', 'python3-mypy', 'python3-hypothesis'];

const say = (line) => console.log(`preflight: ${line}`);

function nodeIsNewEnough() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  return major > 20 || (major === 20 && minor >= 19);
}

function chromiumPath() {
  for (const candidate of [process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH, process.env.CHROMIUM_PATH, '/usr/bin/chromium']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return playwrightsOwnChromium();
}

/** The browser `npx playwright install chromium` put in its cache, where that download works. */
function playwrightsOwnChromium() {
  if (!existsSync(join(root, 'node_modules', 'playwright-core'))) return undefined;
  const probe = spawnSync(
    process.execPath,
    ['-e', "try { process.stdout.write(require('playwright-core').chromium.executablePath()) } catch {}"],
    { cwd: root, encoding: 'utf8' },
  );
  const path = probe.stdout?.trim();
  return path && existsSync(path) ? path : undefined;
}

function missingPythonModules() {
  if (!existsSync(PYTHON)) return PYTHON_MODULES;
  return PYTHON_MODULES.filter((module) => spawnSync(PYTHON, ['-c', `import ${module}`], { stdio: 'ignore' }).status !== 0);
}

function dependenciesInstalled() {
  const lock = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(lock)) return false;
  const wanted = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies ?? {});
  return wanted.every((name) => existsSync(join(root, 'node_modules', name, 'package.json')));
}

/** How to become root for apt-get here: '' when we are, 'sudo' when it needs no password, undefined otherwise. */
function rootPrefix() {
  if (process.getuid?.() === 0) return '';
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return sudo.status === 0 ? 'sudo' : undefined;
}

const hasAptGet = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

function aptInstall(prefix, packages) {
  const run = (args) => {
    const command = prefix ? ['sudo', ...args] : args;
    say(`running: ${command.join(' ')}`);
    execFileSync(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages]);
}

function main() {
  if (!nodeIsNewEnough()) {
    say(`Node ${process.versions.node} is too old: the suite needs Node 20.19 or newer (https://nodejs.org).`);
    return 1;
  }
  if (!dependenciesInstalled()) {
    if (checkOnly) {
      say('npm packages are not installed: run `npm install`.');
      return 1;
    }
    say('npm packages are missing: running `npm install`.');
    execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  }

  const debianPackages = [];
  const needs = [];
  if (!chromiumPath()) {
    debianPackages.push('chromium');
    needs.push('a Chromium for the e2e tests');
  }
  const pythonMissing = missingPythonModules();
  if (pythonMissing.length > 0) {
    debianPackages.push(...PYTHON_DEBIAN);
    needs.push(`Python modules for the Python port's tests (${pythonMissing.join(', ')})`);
  }
  if (debianPackages.length === 0) {
    say('Node, npm packages, Chromium and the Python test modules are all here.');
    return 0;
  }

  say(`missing: ${needs.join('; ')}.`);
  const prefix = checkOnly ? undefined : rootPrefix();
  if (prefix !== undefined && hasAptGet()) {
    aptInstall(prefix, debianPackages);
    const stillMissing = [!chromiumPath() && 'Chromium', missingPythonModules().length > 0 && 'Python modules'].filter(Boolean);
    if (stillMissing.length === 0) {
      say('installed; starting the tests.');
      return 0;
    }
    say(`apt-get finished but ${stillMissing.join(' and ')} still cannot be found.`);
  }
  const command = `sudo apt-get update && sudo apt-get install -y ${debianPackages.join(' ')}`;
  if (hasAptGet()) {
    say(`install them with:\n\n    ${command}\n\nthen run \`npm test\` again.`);
  } else {
    say(
      'this machine has no apt-get. Install Chromium (or run `npx playwright install --with-deps chromium`, or set ' +
        'PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH to a Chromium you have), and `python3 -m pip install pytest pytest-cov mypy ' +
        'hypothesis` for /usr/bin/python3, then run `npm test` again.',
    );
  }
  return 1;
}

process.exitCode = main();
