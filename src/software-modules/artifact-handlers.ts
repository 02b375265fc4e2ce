import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { artifactResponse } from '../http/artifact-response.js';
import { baseUrl } from '../http/links.js';
import { CLIENT_CLOSED_REQUEST, clientGone } from '../http/request-context.js';
import type { OperationHandlers } from '../http/routes.js';
import type { ArtifactStore } from '../storage/artifact-store.js';
import { parseArtifactUpload, type UploadFields } from '../storage/multipart-upload.js';
import { artifactJson } from './artifact-mapper.js';
import type { ArtifactService } from './artifact-service.js';

export interface ArtifactHandlerOptions {
  readonly store: ArtifactStore;
  readonly maxArtifactSize: number;
  readonly configuredUrl: string | undefined;
}

const ids = (c: Context<AppEnv>) => {
  const { softwareModuleId, artifactId } = c.get('input').params as { softwareModuleId: number; artifactId: number };
  return [softwareModuleId, artifactId] as const;
};

/** Upload, listing, deletion and download of a module's artifacts. */
export function artifactHandlers(artifacts: ArtifactService, options: ArtifactHandlerOptions): OperationHandlers {
  const base = (c: Context<AppEnv>) => baseUrl(c, options.configuredUrl);
  return {
    uploadArtifact: async (c) => {
      // The body is still unread here (no JSON body, so no body limit): it streams straight to disk.
      const fields = c.get('input').query as UploadFields;
      const receive = () => parseArtifactUpload(c.req.raw, options.store, options.maxArtifactSize, fields);
      try {
        const artifact = await artifacts.upload(c.get('operator'), ids(c)[0], receive);
        return c.json(artifactJson(artifact, base(c)), 201);
      } catch (error) {
        // decision 54: a client hanging up mid-upload is routine (a device losing its link, a script cancelled);
        // the upload kept nothing, and an error answer or error log line would help no one.
        if (!clientGone(c)) throw error;
        c.get('logger').debug({ err: error }, 'the client closed the connection during the upload');
        return new Response(null, { status: CLIENT_CLOSED_REQUEST });
      }
    },
    getArtifacts: async (c) => {
      const list = await artifacts.list(ids(c)[0]);
      return c.json(list.map((artifact) => artifactJson(artifact, base(c))));
    },
    getArtifact: async (c) => c.json(artifactJson(await artifacts.get(...ids(c)), base(c))),
    deleteArtifact: async (c) => {
      await artifacts.remove(...ids(c));
      return c.body(null, 204);
    },
    downloadArtifact_1: async (c) => {
      const { artifact, blob } = await artifacts.file(...ids(c));
      const { size, sha1, md5, providedFilename: filename, createdAt: lastModified } = artifact;
      return artifactResponse(c.req.raw, { blob, size, sha1, md5, filename, lastModified });
    },
  };
}
