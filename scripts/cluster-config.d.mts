// The types of cluster-config.mjs for the TypeScript that reads it (bench/node-floor.ts).
export declare const BROTLI_STATIC_MODULE: string;

export declare function nginxSiteConfig(options: {
  nodes: string[];
  listen: string;
  storefrontDist: string;
  brotli?: boolean;
  upstreamHeader?: boolean;
  down?: string[];
}): string;

export declare function nginxMainConfig(options: {
  prefix: string;
  site: string;
  brotli?: boolean;
  user?: string;
}): string;

export declare function pgbouncerConfig(options: {
  listenPort: number;
  pgHost: string;
  pgPort: number;
  authType: string;
  authFile: string;
  poolSize: number;
  maxClients: number;
  unixSocketDir?: string;
  quiet?: boolean;
  replica?: { database: string; host: string; port: number };
  statsUser?: string;
}): string;

export declare const replicaAlias: (database: string) => string;

export declare function syncDeployConfigs(root: string, options: { write: boolean }): string[];

export declare function deployConfigs(): Record<string, string>;
