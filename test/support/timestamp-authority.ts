import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * How a stand-in authority answers: `up` as an RFC 3161 authority does (openssl's own
 * `ts -reply`), or one of the ways one fails: `down` refuses connections, `slow` never answers
 * (past any time-out), `garbage` answers bytes that are no time-stamp reply, `other-digest`
 * answers a real, well-signed token for another statement than the one asked about.
 */
export type AuthorityMode = "up" | "down" | "slow" | "garbage" | "other-digest";

export interface StandInAuthority {
  /** What TIMESTAMP_AUTHORITIES lists. */
  url: string;
  /** Its own root certificate (PEM): what TIMESTAMP_ROOTS adds, and `openssl ts -verify -CAfile` takes. */
  rootPem: string;
  /** The same root in a file of its own. */
  rootFile: string;
  mode: AuthorityMode;
  /**
   * The instant it stamps, or null for the real clock. openssl runs under faketime at that
   * instant, so a test that moves the app's clock to a draw moves its witnesses with it.
   */
  clock: (() => Date) | null;
  /** Requests received so far, whatever the mode answered. */
  requests: number;
  /** Tokens issued so far (mode `up`). */
  issued: number;
  /** Requests held unanswered right now (mode `slow`), until their client gives up and closes them. */
  readonly held: number;
  close: () => Promise<void>;
}

/** The CA's and the TSA's certificates, made at start-up by openssl in the authority's own folder. */
const OPENSSL_CONFIG = `
[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
dir = .
serial = ./serial
crypto_device = builtin
signer_cert = ./tsa.crt
certs = ./tsa-chain.crt
signer_key = ./tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = no
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
[ v3_ca ]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[ v3_tsa ]
basicConstraints = CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
`;

/**
 * The certificates are dated from 2020 on for a century (made under faketime), so a test may
 * stamp any instant it moves its clock to.
 */
const CERTIFICATES_FROM = "2020-01-01 00:00:00";

function keyOptions(keyType: "rsa" | "ec"): string[] {
  return keyType === "rsa" ? ["-newkey", "rsa:2048"] : ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"];
}

/** openssl with its clock stopped at `at` (faketime -f, UTC, to the millisecond), or on the real clock. */
function openssl(dir: string, args: string[], at: Date | null = null) {
  const [program, argv] = at
    ? ["faketime", ["-f", at.toISOString().slice(0, 23).replace("T", " "), "openssl", ...args]]
    : ["openssl", args];
  return run(program as string, argv as string[], { cwd: dir, env: { ...process.env, TZ: "UTC" } });
}

async function makeCertificates(
  dir: string,
  name: string,
  keyType: "rsa" | "ec",
  fractionDigits: number,
): Promise<void> {
  writeFileSync(
    path.join(dir, "openssl.cnf"),
    OPENSSL_CONFIG.replace("accuracy = secs:1", `accuracy = secs:1\nclock_precision_digits = ${fractionDigits}`),
  );
  writeFileSync(path.join(dir, "serial"), "01\n");
  const from = new Date(`${CERTIFICATES_FROM.replace(" ", "T")}Z`);
  const days = "36500";
  await openssl(
    dir,
    ["req", "-x509", ...keyOptions(keyType), "-nodes", "-keyout", "root.key", "-out", "root.crt"].concat([
      "-days",
      days,
      "-subj",
      `/O=${name}/CN=${name} Root`,
      "-config",
      "openssl.cnf",
      "-extensions",
      "v3_ca",
    ]),
    from,
  );
  await openssl(
    dir,
    ["req", ...keyOptions(keyType), "-nodes", "-keyout", "tsa.key", "-out", "tsa.csr"].concat([
      "-subj",
      `/O=${name}/CN=${name} TSA`,
    ]),
    from,
  );
  await openssl(
    dir,
    [
      "x509",
      "-req",
      "-in",
      "tsa.csr",
      "-CA",
      "root.crt",
      "-CAkey",
      "root.key",
      "-CAcreateserial",
      "-out",
      "tsa.crt",
    ].concat(["-days", days, "-extfile", "openssl.cnf", "-extensions", "v3_tsa"]),
    from,
  );
  // A reply carries the signer's certificate (the request asks for it), never the root: the
  // root is what a verifier must already hold.
  writeFileSync(path.join(dir, "tsa-chain.crt"), readFileSync(path.join(dir, "tsa.crt")));
}

/**
 * A real RFC 3161 time-stamp authority on loopback (docs/testing.md): openssl's `ts -reply`
 * behind a small HTTP server, with its own root made at start-up. `keyType` picks the signing
 * key, RSA (as DigiCert and Sectigo sign) or ECDSA P-256, so both signature kinds are checked;
 * `fractionDigits` has it stamp fractions of a second too, as some authorities do (openssl
 * drops a fraction's trailing zeros).
 */
export async function startStandInAuthority(
  name: string,
  { keyType = "rsa", fractionDigits = 0 }: { keyType?: "rsa" | "ec"; fractionDigits?: number } = {},
): Promise<StandInAuthority> {
  const dir = mkdtempSync(path.join(tmpdir(), "tsa-"));
  await makeCertificates(dir, name, keyType, fractionDigits);
  const rootFile = path.join(dir, "root.crt");
  // `ts -reply` keeps its serial number in a file: one reply at a time.
  let queue: Promise<unknown> = Promise.resolve();
  let sequence = 0;
  const hanging = new Set<http.ServerResponse>();
  const authority: Omit<StandInAuthority, "url" | "close"> = {
    rootPem: readFileSync(rootFile, "utf8"),
    rootFile,
    mode: "up",
    clock: null,
    requests: 0,
    issued: 0,
    get held() {
      return hanging.size;
    },
  };

  async function reply(query: Buffer): Promise<Buffer> {
    sequence += 1;
    const queryFile = `query-${sequence}.tsq`;
    const replyFile = `reply-${sequence}.tsr`;
    writeFileSync(path.join(dir, queryFile), query);
    await openssl(
      dir,
      ["ts", "-reply", "-config", "openssl.cnf", "-queryfile", queryFile, "-out", replyFile],
      authority.clock?.() ?? null,
    );
    const answer = readFileSync(path.join(dir, replyFile));
    rmSync(path.join(dir, queryFile));
    rmSync(path.join(dir, replyFile));
    return answer;
  }

  /** A query for other bytes than `query` asked about, same options: a token for another statement. */
  async function otherQuery(): Promise<Buffer> {
    const other = path.join(dir, "other.txt");
    writeFileSync(other, `not the statement ${sequence}\n`);
    const { stdout } = await run("openssl", ["ts", "-query", "-data", other, "-sha256", "-cert"], {
      cwd: dir,
      encoding: "buffer",
    });
    return stdout;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      authority.requests += 1;
      if (request.method !== "POST" || request.headers["content-type"] !== "application/timestamp-query") {
        return void response.writeHead(415).end();
      }
      if (authority.mode === "slow") {
        hanging.add(response);
        return void response.once("close", () => hanging.delete(response));
      }
      if (authority.mode === "garbage") {
        return void response
          .writeHead(200, { "content-type": "application/timestamp-reply" })
          .end("<html><body>Service temporarily unavailable</body></html>");
      }
      const mode = authority.mode;
      const answered = (queue = queue.then(async () =>
        reply(mode === "other-digest" ? await otherQuery() : Buffer.concat(chunks)),
      ));
      answered.then(
        (body) => {
          authority.issued += 1;
          response.writeHead(200, { "content-type": "application/timestamp-reply" }).end(body);
        },
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  let listening = true;
  const standIn = Object.assign(authority, {
    url: `http://127.0.0.1:${port}/tsr`,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      if (listening) await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  }) as StandInAuthority;

  // `down` is a closed port (connection refused), and `up` again listens on the same one.
  let mode: AuthorityMode = "up";
  Object.defineProperty(standIn, "mode", {
    get: () => mode,
    set: (next: AuthorityMode) => {
      mode = next;
      if (next === "down" && listening) {
        listening = false;
        server.closeAllConnections();
        server.close();
      } else if (next !== "down" && !listening) {
        listening = true;
        server.listen(port, "127.0.0.1");
      }
    },
  });
  return standIn;
}

/** Every root of `authorities` in one PEM file: TIMESTAMP_ROOTS for an app or a command. */
export function rootsFile(authorities: readonly StandInAuthority[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "tsa-roots-")), "roots.pem");
  writeFileSync(file, authorities.map((authority) => authority.rootPem).join(""));
  return file;
}

/** `openssl ts -verify -data <statement> -in <reply> -CAfile <root>`, run for real: whether openssl accepts the token. */
export async function opensslVerifies(statement: Uint8Array, reply: Uint8Array, rootFile: string): Promise<boolean> {
  const dir = mkdtempSync(path.join(tmpdir(), "tsa-verify-"));
  try {
    writeFileSync(path.join(dir, "statement.txt"), statement);
    writeFileSync(path.join(dir, "reply.tsr"), reply);
    await run("openssl", ["ts", "-verify", "-data", "statement.txt", "-in", "reply.tsr", "-CAfile", rootFile], {
      cwd: dir,
    });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A token from `authority` over `statement`, asked as `openssl ts -query -sha256 -cert` asks and
 * posted as any client posts it: no code of the app's, for tests that publish their own seals.
 */
export async function stampedByOpenssl(
  authority: StandInAuthority,
  statement: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
  const dir = mkdtempSync(path.join(tmpdir(), "tsa-query-"));
  try {
    writeFileSync(path.join(dir, "statement.txt"), statement);
    const { stdout: query } = await run("openssl", ["ts", "-query", "-data", "statement.txt", "-sha256", "-cert"], {
      cwd: dir,
      encoding: "buffer",
    });
    const response = await fetch(authority.url, {
      method: "POST",
      headers: { "content-type": "application/timestamp-query" },
      body: query,
    });
    if (!response.ok) throw new Error(`${authority.url} answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Two authorities of a test's own, whose clocks it sets together, and the env that names them. */
export interface WitnessPair {
  authorities: StandInAuthority[];
  /** TIMESTAMP_AUTHORITIES and TIMESTAMP_ROOTS for a server or command in development or test. */
  env: { TIMESTAMP_AUTHORITIES: string; TIMESTAMP_ROOTS: string };
  /** Both stamp `at()` from now on (null: the real clock), as a test moves its server's or commands' clock. */
  setClock: (at: (() => Date) | null) => void;
  close: () => Promise<void>;
}

/**
 * Two independent authorities (their certificates name two organizations), ECDSA so they start
 * fast, for a test whose draw happens on a moved clock: the shared pair stamps the real time,
 * which a list frozen at a moved instant would precede (docs/draw.md, "Checking a draw").
 */
export async function startWitnessPair(names: [string, string]): Promise<WitnessPair> {
  const authorities = await Promise.all(names.map((name) => startStandInAuthority(name, { keyType: "ec" })));
  return {
    authorities,
    env: {
      TIMESTAMP_AUTHORITIES: authorities.map((authority) => authority.url).join(","),
      TIMESTAMP_ROOTS: rootsFile(authorities),
    },
    setClock: (at) => authorities.forEach((authority) => (authority.clock = at)),
    close: async () => {
      await Promise.all(authorities.map((authority) => authority.close()));
    },
  };
}
