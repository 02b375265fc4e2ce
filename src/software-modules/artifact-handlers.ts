import { artifactResponse } from '../http/artifact-response.js';
import { type HandlerFactory, noContent } from '../http/operation-handler.js';
import { CLIENT_CLOSED_REQUEST, clientGone } from '../http/request-context.js';
import { parseArtifactUpload } from '../storage/multipart-upload.js';
import { artifactJson } from './artifact-mapper.js';
import type { ArtifactService } from './artifact-service.js';
import type { ArtifactStore } from '../storage/artifact-store.js';

/** Upload, listing, deletion and download of a module's artifacts. */
export const artifactHandlers: HandlerFactory<{ readonly artifacts: ArtifactService; readonly artifactStore: ArtifactStore }> = (
  config,
  { artifacts, artifactStore },
) => ({
  uploadArtifact: async (c, { params, query }) => {
    // The body is still unread here (no JSON body, so no body limit): it streams straight to disk.
    const receive = () => parseArtifactUpload(c.req.raw, artifactStore, config.maxArtifactSize, query);
    try {
      const artifact = await artifacts.upload(c.get('operator'), params.softwareModuleId, receive);
      return c.json(artifactJson(artifact, c.get('baseUrl')), 201);
    } catch (error) {
      // decision 54: a client hanging up mid-upload is routine (a device losing its link, a script cancelled);
      // the upload kept nothing, and an error answer or error log line would help no one.
      if (!clientGone(c)) throw error;
      c.get('logger').debug({ err: error }, 'the client closed the connection during the upload');
      return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    }
  },
  getArtifacts: async (c, { params }) => {
    const list = await artifacts.list(params.softwareModuleId);
    return c.json(list.map((artifact) => artifactJson(artifact, c.get('baseUrl'))));
  },
  getArtifact: async (c, { params }) => c.json(artifactJson(await artifacts.get(params.softwareModuleId, params.artifactId), c.get('baseUrl'))),
  deleteArtifact: (c, { params }) => noContent(c, artifacts.remove(params.softwareModuleId, params.artifactId)),
  downloadArtifact_1: async (c, { params }) => {
    const { artifact, blob } = await artifacts.file(params.softwareModuleId, params.artifactId);
    const { size, sha1, md5, providedFilename: filename, createdAt: lastModified } = artifact;
    return artifactResponse(c.req.raw, { blob, size, sha1, md5, filename, lastModified });
  },
});
