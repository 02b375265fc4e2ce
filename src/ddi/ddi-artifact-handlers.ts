import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { artifactRedirect, artifactResponse, contentDisposition } from '../http/artifact-response.js';
import type { HandlerFactory } from '../http/operation-handler.js';
import { ddiArtifact } from './ddi-artifacts.js';
import { halResponse } from './hal-response.js';
import type { DeviceArtifactService } from './device-artifact-service.js';

/** The path as the device sent it, still encoded (hawkBit's request URI). */
const requestPath = (c: Context<AppEnv>) => new URL(c.req.url).pathname;

/**
 * hawkBit records only whole-file GETs: a resumed download sends many ranged ones, and HEAD (SWUpdate
 * sends one before each GET) transfers nothing.
 */
const isWholeGet = (c: Context<AppEnv>) => c.req.method === 'GET' && c.req.header('range') === undefined;

/** A device's artifact list and downloads (`…/controller/v1/{controllerId}/softwaremodules/{id}/artifacts`). */
export const ddiArtifactHandlers: HandlerFactory<{ readonly deviceArtifacts: DeviceArtifactService }> = (_config, { deviceArtifacts: artifacts }) => ({
  getSoftwareModulesArtifacts: async (c, { params }) => {
    const { tenant, controllerId, softwareModuleId } = params;
    const list = await artifacts.list(controllerId, softwareModuleId);
    const prefix = `${c.get('baseUrl')}/${tenant}/controller/v1/${controllerId}`;
    const body = list.map(({ providedFilename: filename, size, sha1, md5, sha256 }) =>
      ddiArtifact(prefix, softwareModuleId, { filename, size, sha1, md5, sha256 }),
    );
    return halResponse(c, body);
  },
  downloadArtifact: async (c, { params }) => {
    const { controllerId, softwareModuleId, fileName } = params;
    const { artifact, blob } = await artifacts.file(controllerId, softwareModuleId, fileName);
    const { size, sha1, md5, providedFilename: filename, createdAt: lastModified } = artifact;
    const file = { blob, size, sha1, md5, filename, lastModified };
    const { presignedUrl } = artifacts;
    // decision 121: only GET goes to the store; HEAD (SWUpdate's size probe) is answered here.
    const response =
      presignedUrl !== undefined && c.req.method === 'GET'
        ? await artifactRedirect(c.req.raw, file, () => presignedUrl(artifact))
        : await artifactResponse(c.req.raw, file);
    if ((response.status === 200 || response.status === 307) && isWholeGet(c)) {
      try {
        await artifacts.recordDownload(controllerId, softwareModuleId, requestPath(c));
      } catch (error) {
        // The response will not be sent: release its open file.
        await response.body?.cancel();
        throw error;
      }
    }
    return response;
  },
  downloadArtifactMd5: async (c, { params }) => {
    const { controllerId, softwareModuleId, fileName } = params;
    const { artifact } = await artifacts.file(controllerId, softwareModuleId, fileName);
    if (isWholeGet(c)) await artifacts.recordDownload(controllerId, softwareModuleId, requestPath(c));
    // md5sum's own format, so that `md5sum -c` checks the downloaded file.
    return new Response(`${artifact.md5}  ${artifact.providedFilename}`, {
      headers: {
        'content-type': 'text/plain',
        'content-disposition': contentDisposition(`${artifact.providedFilename}.MD5SUM`),
        'x-content-type-options': 'nosniff',
      },
    });
  },
});
