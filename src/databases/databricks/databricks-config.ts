// Databricks' own keys of a `databases:` entry (nao's field names, plus OAuth M2M's client_id / client_secret).
import { z } from 'zod';

export const databricksConfigFields = {
  server_hostname: z.string().min(1).optional(),
  http_path: z.string().min(1).optional(),
  access_token: z.string().min(1).optional(),
  /** The Unity Catalog catalog (Athena has a key of the same name and shape). */
  catalog: z.string().min(1).optional(),
  client_id: z.string().min(1).optional(),
  client_secret: z.string().min(1).optional(),
  /** A PEM file of CA certificates to trust on top of the system's (a TLS-inspecting proxy, a private endpoint). */
  ssl_ca_path: z.string().min(1).optional(),
};
