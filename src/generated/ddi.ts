// Generated from openapi/ddi.yaml by `npm run generate:types`; do not edit.

export interface paths {
    "/{tenant}/controller/v1/{controllerId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404. */
                tenant: components["parameters"]["Tenant"];
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        /**
         * Poll for work
         * @description Records the poll time and the device address. With the gateway token (or in anonymous mode) an
         *     unknown controllerId is registered. Answers 304 to a matching `If-None-Match`.
         */
        get: operations["getControllerBase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{tenant}/controller/v1/{controllerId}/configData": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404. */
                tenant: components["parameters"]["Tenant"];
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Upload the device's attributes
         * @description Keys and values up to 128 characters of letters, digits, spaces and common punctuation. Stops
         *     the poll from advertising `configData` until an operator asks again.
         */
        put: operations["putConfigData"];
        /** Upload the device's attributes (as PUT) */
        post: operations["postConfigData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{tenant}/controller/v1/{controllerId}/softwaremodules/{softwareModuleId}/artifacts": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404. */
                tenant: components["parameters"]["Tenant"];
                controllerId: components["parameters"]["ControllerId"];
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
            };
            cookie?: never;
        };
        /** List a module's artifacts */
        get: operations["getSoftwareModulesArtifacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{tenant}/controller/v1/{controllerId}/softwaremodules/{softwareModuleId}/artifacts/{fileName}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404. */
                tenant: components["parameters"]["Tenant"];
                controllerId: components["parameters"]["ControllerId"];
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /** @description The artifact's file name, URL-encoded; it may contain dots. */
                fileName: components["parameters"]["FileName"];
            };
            cookie?: never;
        };
        /**
         * Download an artifact's bytes
         * @description Streams the file; HEAD answers the same headers without a body. One `Range: bytes=a-b | a- | -n`
         *     answers 206 (resumed downloads); several ranges or a malformed one answer the whole file. `If-Range`
         *     (ETag or date) and `If-None-Match` are honoured; an `If-Match` other than the ETag answers 412. A
         *     whole-file GET records a `download` status entry ("Update Server: Target downloads <path>") on the
         *     target's active action whose set holds the module; ranged requests record nothing.
         */
        get: operations["downloadArtifact"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{tenant}/controller/v1/{controllerId}/softwaremodules/{softwareModuleId}/artifacts/{fileName}.MD5SUM": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404. */
                tenant: components["parameters"]["Tenant"];
                controllerId: components["parameters"]["ControllerId"];
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /** @description The artifact's file name, URL-encoded; it may contain dots. */
                fileName: components["parameters"]["FileName"];
            };
            cookie?: never;
        };
        /**
         * Download an artifact's MD5 checksum file
         * @description `<md5>  <fileName>` (two spaces, no newline), as `md5sum -c` reads it; `x.swu.MD5SUM` is the checksum
         *     of `x.swu`. A GET records a `download` status entry as the artifact download does.
         */
        get: operations["downloadArtifactMd5"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description hawkBit's error body. */
        ExceptionInfo: {
            /** @example org.eclipse.hawkbit.rest.exception.MessageNotReadableException */
            exceptionClass: string;
            /**
             * @description hawkBit error key, stable for clients to match on.
             * @example hawkbit.server.error.rest.body.notReadable
             */
            errorCode: string;
            /** @example Invalid request: /requestBody must have required property 'username' */
            message: string;
            info?: {
                [key: string]: unknown;
            };
        };
        ControllerBase: {
            config: {
                polling: {
                    /**
                     * @description Time until the next poll, HH:mm:ss.
                     * @example 00:05:00
                     */
                    sleep: string;
                };
            };
            /**
             * @description `deploymentBase`, `confirmationBase` or `cancelAction` for the target's active action (at most
             *     one of them), `installedBase` for its last installed deployment, `configData` while the server
             *     asks for the device's attributes. Omitted when empty.
             */
            _links?: {
                [key: string]: components["schemas"]["Link"];
            };
        };
        /** @description Device attributes. Unknown fields (`id`, `time`, `status`) are ignored. */
        ConfigData: {
            /**
             * @description merge (default): set the given keys; replace: the given map becomes the attributes;
             *     remove: delete the given keys. A null value removes its key in merge and replace.
             * @enum {string}
             */
            mode?: "merge" | "replace" | "remove";
            /**
             * @example {
             *       "VIN": "JH4TB2H26CC000000",
             *       "hwRevision": "2"
             *     }
             */
            data: {
                [key: string]: string | null;
            };
        };
        /**
         * @description One file of a software module as devices see it, also used in deploymentBase chunks. `download` and
         *     `download-http` (likewise `md5sum` and `md5sum-http`) name the same URL, built from `url` or the
         *     request's Host: clients look for either rel.
         */
        DdiArtifact: {
            /** @example image-1.2.swu */
            filename: string;
            hashes: {
                /** @example 2ef7bde608ce5404e97d5f042f95f89f1c232871 */
                sha1: string;
                /** @example 0d1b08c34858921bc7c662b228acb7ba */
                md5: string;
                /** @example a8ab8d3e4f1a5b0c7bd3e7e0b64ed8d6ef8dd8c8f27e6f8c3c0d1d7ab17a7d0f */
                sha256: string;
            };
            /**
             * Format: int64
             * @description bytes
             * @example 13
             */
            size: number;
            _links: {
                download: components["schemas"]["Link"];
                "download-http": components["schemas"]["Link"];
                md5sum: components["schemas"]["Link"];
                "md5sum-http": components["schemas"]["Link"];
            };
        };
        Link: {
            /** @example http://localhost:8080/rest/v1/targets/dev-1 */
            href: string;
        };
    };
    responses: {
        /** @description Missing or wrong device credential (empty body, as hawkBit). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The tenant segment is not the configured tenant, or the target does not exist. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description Malformed body, wrong types or invalid parameters (`hawkbit.server.error.rest.body.notReadable`). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /**
         * @description The target, the module or the file does not exist, or the module is in neither the target's assigned
         *     nor its installed distribution set (`hawkbit.server.error.repo.entityNotFound`).
         */
        "responses-NotFound": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
    };
    parameters: {
        /** @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404. */
        Tenant: string;
        ControllerId: string;
        SoftwareModuleId: number;
        /** @description The artifact's file name, URL-encoded; it may contain dots. */
        FileName: string;
    };
    requestBodies: never;
    headers: {
        /** @description The artifact's SHA-1, quoted. */
        ETag: string;
        /** @description When the artifact was uploaded. */
        LastModified: string;
        /** @description Always `bytes`. */
        AcceptRanges: string;
        /** @description `attachment;filename=<name>` (RFC 6266 encoding for names that need it). */
        ContentDisposition: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getControllerBase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404. */
                tenant: components["parameters"]["Tenant"];
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the device should do next. */
            200: {
                headers: {
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["ControllerBase"];
                };
            };
            /** @description Unchanged since the ETag the device sent. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    putConfigData: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404. */
                tenant: components["parameters"]["Tenant"];
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigData"];
            };
        };
        responses: {
            /** @description Stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed body or invalid attributes (`hawkbit.server.error.repo.invalidTargetAttributes`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description More attributes than `[quota] max_attribute_entries_per_target`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
        };
    };
    postConfigData: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404. */
                tenant: components["parameters"]["Tenant"];
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigData"];
            };
        };
        responses: {
            /** @description Stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed body or invalid attributes. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description More attributes than the quota allows. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
        };
    };
    getSoftwareModulesArtifacts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404. */
                tenant: components["parameters"]["Tenant"];
                controllerId: components["parameters"]["ControllerId"];
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The module's files, by upload order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["DdiArtifact"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["responses-NotFound"];
        };
    };
    downloadArtifact: {
        parameters: {
            query?: never;
            header?: {
                Range?: string;
                "If-Range"?: string;
                "If-None-Match"?: string;
                "If-Match"?: string;
            };
            path: {
                /** @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404. */
                tenant: components["parameters"]["Tenant"];
                controllerId: components["parameters"]["ControllerId"];
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /** @description The artifact's file name, URL-encoded; it may contain dots. */
                fileName: components["parameters"]["FileName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole file. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Last-Modified": components["headers"]["LastModified"];
                    "Accept-Ranges": components["headers"]["AcceptRanges"];
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description The requested range. */
            206: {
                headers: {
                    /** @description `bytes <first>-<last>/<size>` */
                    "Content-Range"?: string;
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description If-None-Match names the artifact's ETag; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["responses-NotFound"];
            /** @description If-Match names another ETag; no body. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The range selects no byte of the file (`hawkbit.server.error.rest.rangeNotSatisfiable`). */
            416: {
                headers: {
                    /** @description `bytes *\/<size>` */
                    "Content-Range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
        };
    };
    downloadArtifactMd5: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404. */
                tenant: components["parameters"]["Tenant"];
                controllerId: components["parameters"]["ControllerId"];
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /** @description The artifact's file name, URL-encoded; it may contain dots. */
                fileName: components["parameters"]["FileName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checksum line. */
            200: {
                headers: {
                    /** @description `attachment;filename=<fileName>.MD5SUM` */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["responses-NotFound"];
        };
    };
}
