// The command line of one bubblewrap run: prlimit sets the resource limits, setpriv drops root to
// `nobody` (the kernel does not count root's processes, so RLIMIT_NPROC would not stop a fork bomb),
// and bwrap builds an empty root with only the system's programs and libraries read-only, the
// sandbox's own folders, a private /tmp, /proc and /dev, and new namespaces (no network, no view
// of the host's processes). The bot's environment never reaches the program: --clearenv.
import { existsSync } from 'node:fs';
import { SANDBOX_PATHS, type SandboxFolders, type SandboxLanguage } from './sandbox-backend.js';
import type { SandboxLimits } from './sandbox-limits.js';

/** The unprivileged user the program runs as when datathread runs as root. */
export const SANDBOX_UNPRIVILEGED_ID = 65534;
/** Inside the sandbox, the egress proxy listens here when an allowlist is configured. */
export const EGRESS_PROXY_PORT = 3128;
const EGRESS_SOCKET_INSIDE = '/sandbox/.egress.sock';

/** Debian's interpreter with its dist-packages (pandas, numpy, matplotlib), never a pyenv shim. */
export const SANDBOX_PYTHON = '/usr/bin/python3';

// Only what Python, the BLAS libraries and matplotlib's fonts need from /etc; never passwd, hosts
// or anything of the bot's.
const ETC_ENTRIES = ['/etc/alternatives', '/etc/ld.so.cache', '/etc/fonts', '/etc/matplotlibrc', '/etc/localtime'];
const ETC_ENTRIES_FOR_NETWORK = ['/etc/ssl/certs', '/etc/ca-certificates'];

export interface BubblewrapCommandOptions {
  folders: SandboxFolders;
  language: SandboxLanguage;
  code: string;
  limits: SandboxLimits;
  /** Drop to SANDBOX_UNPRIVILEGED_ID first (when datathread runs as root). */
  dropPrivileges: boolean;
  /** Host path of the egress proxy's Unix socket; absent means no network. */
  egressSocket?: string;
}

export interface ProcessCommand {
  command: string;
  args: string[];
}

function environment(withProxy: boolean): string[] {
  const variables: Record<string, string> = {
    PATH: '/usr/bin:/bin',
    HOME: SANDBOX_PATHS.home,
    TMPDIR: '/tmp',
    LANG: 'C.UTF-8',
    MPLBACKEND: 'Agg',
    MPLCONFIGDIR: `${SANDBOX_PATHS.home}/.matplotlib`,
    XDG_CACHE_HOME: `${SANDBOX_PATHS.home}/.cache`,
    OPENBLAS_NUM_THREADS: '1',
    OMP_NUM_THREADS: '1',
    PYTHONUNBUFFERED: '1',
    PYTHONDONTWRITEBYTECODE: '1',
  };
  if (withProxy) {
    const proxy = `http://127.0.0.1:${EGRESS_PROXY_PORT}`;
    Object.assign(variables, { HTTP_PROXY: proxy, HTTPS_PROXY: proxy, http_proxy: proxy, https_proxy: proxy });
  }
  return Object.entries(variables).flatMap(([name, value]) => ['--setenv', name, value]);
}

function program(language: SandboxLanguage, code: string, withProxy: boolean): string[] {
  const direct = language === 'python' ? [SANDBOX_PYTHON, '-c', code] : ['/bin/sh', '-c', code];
  if (!withProxy) return direct;
  // socat bridges the sandbox's loopback port to the proxy's socket; the program then starts.
  const bridge = `/usr/bin/socat TCP-LISTEN:${EGRESS_PROXY_PORT},bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:${EGRESS_SOCKET_INSIDE} & sleep 0.1; exec "$@"`;
  return ['/bin/sh', '-c', bridge, 'sandbox', ...direct];
}

export function buildBubblewrapCommand(options: BubblewrapCommandOptions): ProcessCommand {
  const { limits, folders } = options;
  const withProxy = options.egressSocket !== undefined;
  const etc = [...ETC_ENTRIES, ...(withProxy ? ETC_ENTRIES_FOR_NETWORK : [])].filter((path) => existsSync(path));
  const limitArgs = [
    `--as=${limits.memoryBytes}`,
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--nproc=${limits.processes}`,
    `--fsize=${limits.fileSizeBytes}`,
    '--core=0',
    '--nofile=1024',
  ];
  const drop = options.dropPrivileges
    ? ['setpriv', `--reuid=${SANDBOX_UNPRIVILEGED_ID}`, `--regid=${SANDBOX_UNPRIVILEGED_ID}`, '--clear-groups']
    : [];
  const bwrap = [
    'bwrap',
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--ro-bind', '/usr', '/usr',
    '--symlink', 'usr/bin', '/bin',
    '--symlink', 'usr/sbin', '/sbin',
    '--symlink', 'usr/lib', '/lib',
    ...(existsSync('/usr/lib64') ? ['--symlink', 'usr/lib64', '/lib64'] : []),
    ...etc.flatMap((path) => ['--ro-bind', path, path]),
    '--proc', '/proc',
    '--dev', '/dev',
    '--tmpfs', '/tmp',
    '--ro-bind', folders.data, SANDBOX_PATHS.data,
    '--bind', folders.output, SANDBOX_PATHS.output,
    '--bind', folders.home, SANDBOX_PATHS.home,
    ...(withProxy ? ['--ro-bind', options.egressSocket!, EGRESS_SOCKET_INSIDE] : []),
    '--remount-ro', '/',
    '--chdir', SANDBOX_PATHS.output,
    ...environment(withProxy),
    '--',
    ...program(options.language, options.code, withProxy),
  ];
  return { command: 'prlimit', args: [...limitArgs, '--', ...drop, ...bwrap] };
}
