import { spawn } from "node:child_process";
import { chownSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "./app-server";

const NGINX = process.env.NGINX ?? "/usr/sbin/nginx";
/** Debian's `nobody` user and `nogroup` group. */
const NOBODY_ID = 65534;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Nginx {
  origin: string;
  errorLog: () => string;
  stop: () => Promise<void>;
}

/**
 * Debian's nginx on loopback, with its own prefix, pid file and temp dirs under `dir`, and
 * `serverBlocks(listen)` (upstreams, servers, log formats: what goes in `http { }`) listening on
 * 127.0.0.1:`listen`. Resolves once `/healthz` answers through it.
 */
export async function startNginx(dir: string, serverBlocks: (listen: number) => string): Promise<Nginx> {
  const listen = await freePort();
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => path.join(dir, `${name}_temp`));
  for (const folder of temp) mkdirSync(folder);
  // As root, nginx's workers drop to `nobody`; they must be able to write their temp dirs.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) for (const folder of temp) chownSync(folder, NOBODY_ID, NOBODY_ID);
  const [clientBody, proxy, fastcgi, uwsgi, scgi] = temp;
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `${asRoot ? "user nobody nogroup;\n" : ""}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${clientBody};
  proxy_temp_path ${proxy};
  fastcgi_temp_path ${fastcgi};
  uwsgi_temp_path ${uwsgi};
  scgi_temp_path ${scgi};
${serverBlocks(listen)}
}
`,
  );
  const child = spawn(NGINX, ["-p", `${dir}/`, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const origin = `http://127.0.0.1:${listen}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited with ${child.exitCode}: ${readFileSync(path.join(dir, "error.log"), "utf8")}`);
    if (
      await fetch(`${origin}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (attempt > 100) throw new Error("nginx did not answer within 10 s");
    await sleep(100);
  }
  return {
    origin,
    errorLog: () => readFileSync(path.join(dir, "error.log"), "utf8"),
    stop: () =>
      new Promise<void>((resolve) =>
        child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGQUIT")),
      ),
  };
}
