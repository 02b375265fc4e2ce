// Generated from openapi/mgmt.yaml by `npm run generate:types`; do not edit.

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness probe */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in with the operator account and receive a session cookie
         * @description Sets the `falconet_session` cookie (HttpOnly, SameSite=Strict, Secure when the configured `url`
         *     is https). Failed attempts are limited per client address.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the current session
         * @description Revokes the session named by the cookie, if any, and clears the cookie. Always succeeds.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check whether the request is authenticated */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/softwaremodules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List software modules
         * @description Sortable by id, name, version, type, vendor, description, createdAt, lastModifiedAt (default id:ASC).
         */
        get: operations["getSoftwareModules"];
        put?: never;
        /**
         * Create software modules
         * @description Creates every module of the array or none. name + version + type is unique, among the existing
         *     modules and within the request.
         */
        post: operations["createSoftwareModules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/softwaremodules/{softwareModuleId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
            };
            cookie?: never;
        };
        /** One software module */
        get: operations["getSoftwareModule"];
        /**
         * Change description or vendor
         * @description name, version and type never change, as in hawkBit; omitted fields keep their value.
         */
        put: operations["updateSoftwareModule"];
        post?: never;
        /**
         * Delete a software module
         * @description Removes the module with its metadata and artifacts; artifact bytes go when no other artifact
         *     references them. A module that belongs to a distribution set is refused with 409 `entityInUse`
         *     (hawkBit would soft-delete it).
         */
        delete: operations["deleteSoftwareModule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/softwaremodules/{softwareModuleId}/artifacts": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
            };
            cookie?: never;
        };
        /**
         * The artifacts of a module
         * @description A plain array ordered by id, as hawkBit answers.
         */
        get: operations["getArtifacts"];
        put?: never;
        /**
         * Upload an artifact
         * @description The file streams to disk while its SHA-1, MD5 and SHA-256 are computed; it is never held in
         *     memory, and the JSON body limit does not apply. `filename` overrides the part's file name; given
         *     checksums must match the bytes (400, nothing is kept). Identical bytes are stored once, whichever
         *     module they belong to. A file name is unique within its module.
         */
        post: operations["uploadArtifact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/softwaremodules/{softwareModuleId}/artifacts/{artifactId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /** @example 3 */
                artifactId: components["parameters"]["ArtifactId"];
            };
            cookie?: never;
        };
        /** One artifact */
        get: operations["getArtifact"];
        put?: never;
        post?: never;
        /**
         * Delete an artifact
         * @description Its bytes are removed with the last artifact, of any module, that references them.
         */
        delete: operations["deleteArtifact"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/softwaremodules/{softwareModuleId}/artifacts/{artifactId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /** @example 3 */
                artifactId: components["parameters"]["ArtifactId"];
            };
            cookie?: never;
        };
        /**
         * Download an artifact's bytes
         * @description Streams the file (HEAD describes it without a body). One `Range: bytes=a-b | a- | -n` answers 206;
         *     several ranges or a malformed one answer the whole file. `If-Range` (ETag or date) and
         *     `If-None-Match` are honoured. The ETag is the quoted SHA-1, Last-Modified the upload time.
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
    "/rest/v1/softwaremodules/{softwareModuleId}/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
            };
            cookie?: never;
        };
        /**
         * The metadata entries of a module
         * @description Sortable by key and value (default key:ASC).
         */
        get: operations["getSoftwareModuleMetadata"];
        put?: never;
        /**
         * Add metadata entries to a module
         * @description `targetVisible` entries are shown to devices with the module (default false).
         */
        post: operations["createSoftwareModuleMetadata"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/softwaremodules/{softwareModuleId}/metadata/{metadataKey}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                metadataKey: components["parameters"]["MetadataKey"];
            };
            cookie?: never;
        };
        /** One metadata entry */
        get: operations["getSoftwareModuleMetadataValue"];
        /** Change an entry's value or visibility */
        put: operations["updateSoftwareModuleMetadata"];
        post?: never;
        /** Delete an entry */
        delete: operations["deleteSoftwareModuleMetadata"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/system/configs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The server's configuration under hawkBit's tenant-configuration keys (read-only)
         * @description Reports the polling interval, the confirmation flow, the device authentication modes,
         *     `rollout.approval.enabled`, action cleanup and the other hawkBit keys this server honours.
         */
        get: operations["getTenantConfiguration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/system/configs/{keyName}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example pollingTime */
                keyName: string;
            };
            cookie?: never;
        };
        /** One configuration key */
        get: operations["getTenantConfigurationValue"];
        /** Refused; the configuration is read-only */
        put: operations["updateTenantConfigurationValue"];
        post?: never;
        /** Refused; the configuration is read-only */
        delete: operations["deleteTenantConfigurationValue"];
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
        LoginRequest: {
            /** @example admin */
            username: string;
            /** @example admin */
            password: string;
        };
        /** @description A software module (hawkBit MgmtSoftwareModule). */
        SoftwareModule: {
            /**
             * Format: int64
             * @example 12
             */
            id: number;
            /** @example linux-image */
            name: string;
            /** @example 6.1.55 */
            version: string;
            /**
             * @description Key of the software-module type.
             * @example os
             */
            type: string;
            /** @example OS */
            typeName: string;
            /** @example ACME */
            vendor?: string;
            description?: string;
            /** @description Always false; artifact encryption is not provided. */
            encrypted: boolean;
            /** @description True once a distribution set holding the module has been assigned. */
            locked: boolean;
            /** @description Always false; deletion is never soft. */
            deleted: boolean;
            _links: components["schemas"]["Links"];
        } & components["schemas"]["Audit"];
        /** @description A new software module (hawkBit MgmtSoftwareModuleRequestBodyPost). */
        SoftwareModuleRequest: {
            /** @example linux-image */
            name: string;
            /** @example 6.1.55 */
            version: string;
            /**
             * @description Key of an existing software-module type.
             * @example os
             */
            type: string;
            /** @example ACME */
            vendor?: string;
            description?: string;
        };
        /** @description The mutable fields of a module (hawkBit MgmtSoftwareModuleRequestBodyPut). */
        SoftwareModuleUpdate: {
            vendor?: string;
            description?: string;
        };
        SoftwareModulePage: {
            content: components["schemas"]["SoftwareModule"][];
            total: number;
            size: number;
        };
        /** @description A file of a software module (hawkBit MgmtArtifact); links `self` and `download`. */
        Artifact: {
            /**
             * Format: int64
             * @example 3
             */
            id: number;
            /** @example rootfs.swu */
            providedFilename: string;
            /**
             * Format: int64
             * @description Bytes.
             * @example 12
             */
            size: number;
            hashes: components["schemas"]["ArtifactHashes"];
            _links: components["schemas"]["Links"];
        } & components["schemas"]["Audit"];
        /** @description Digests of the bytes, computed during the upload (lowercase hex). */
        ArtifactHashes: {
            /** @example 2ef7bde608ce5404e97d5f042f95f89f1c232871 */
            sha1: string;
            /** @example ed076287532e86365e841e92bfc50d8c */
            md5: string;
            /** @example 7f83b1657ff1fc53b92dc18148a1d65dfc2d4b1fa3d677284addd200126d9069 */
            sha256: string;
        };
        /** @description The multipart form of an upload; fields may come in any order. */
        ArtifactUpload: {
            /**
             * Format: binary
             * @description The artifact's bytes; its part's file name is the default `providedFilename`.
             */
            file: string;
            /** @description The name to store instead of the part's file name (no path separators). */
            filename?: string;
            /** @description Expected MD5 (hex, any case). */
            md5sum?: string;
            /** @description Expected SHA-1 (hex, any case). */
            sha1sum?: string;
            /** @description Expected SHA-256 (hex, any case). */
            sha256sum?: string;
        };
        SoftwareModuleMetadataEntry: {
            key: string;
            value: string;
            /** @description Whether devices see the entry in deploymentBase (default false). */
            targetVisible?: boolean;
        };
        SoftwareModuleMetadataUpdate: {
            value?: string;
            targetVisible?: boolean;
        };
        SoftwareModuleMetadataPage: {
            content: components["schemas"]["SoftwareModuleMetadataEntry"][];
            total: number;
            size: number;
        };
        /** @description Every configuration key with its value. */
        TenantConfiguration: {
            [key: string]: components["schemas"]["ConfigurationValue"];
        };
        ConfigurationValue: {
            /**
             * @description The setting's value (string, number or boolean).
             * @example 00:05:00
             */
            value: string | number | boolean;
            /** @description Always true; values come from the server's configuration file. */
            global: boolean;
            _links: components["schemas"]["Links"];
        };
        Link: {
            /** @example http://localhost:8080/rest/v1/targets/dev-1 */
            href: string;
        };
        /** @description HAL links of the entity, by relation name. */
        Links: {
            [key: string]: components["schemas"]["Link"];
        };
        /** @description Who created and last changed the entity, and when (epoch milliseconds). */
        Audit: {
            /**
             * Format: int64
             * @example 1795243215765
             */
            createdAt: number;
            /** @example admin */
            createdBy: string;
            /**
             * Format: int64
             * @example 1795243215765
             */
            lastModifiedAt: number;
            /** @example admin */
            lastModifiedBy: string;
        };
        SoftwareModuleRequests: components["schemas"]["SoftwareModuleRequest"][];
        SoftwareModuleMetadataEntries: components["schemas"]["SoftwareModuleMetadataEntry"][];
        ConfigurationValueUpdate: {
            /** @description Ignored; the configuration is read-only. */
            value?: unknown;
        };
    };
    responses: {
        /** @description Malformed body, wrong types or invalid parameters (`hawkbit.server.error.rest.body.notReadable`). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description Missing or bad credentials (`hawkbit.server.error.unauthorized`). */
        Unauthorized: {
            headers: {
                /** @description `Basic realm="falconet"`, omitted for requests carrying `X-Requested-With` (the console). */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description The request body exceeds the server's limit (`hawkbit.server.error.rest.body.tooLarge`). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description Too many failed logins from the client address (`hawkbit.server.error.tooManyRequests`). */
        TooManyRequests: {
            headers: {
                /** @description Seconds until the next attempt is accepted. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description Duplicate key, or the entity is still in use (`entityAlreadyExists`, `entityInUse`). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description No such entity (`hawkbit.server.error.repo.entityNotFound`). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description Done; no body. */
        NoContent: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /**
         * @description The module belongs to a distribution set that actions or rollouts reference, so its artifacts
         *     cannot change (`hawkbit.server.error.locked`, as hawkBit).
         */
        Locked: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description A per-entity quota is exceeded (`hawkbit.server.error.quota.tooManyEntries`). */
        QuotaExceeded: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description The configuration comes from the server's file (`hawkbit.server.error.repo.tenantConfigurationValueChangeNotAllowed`). */
        ReadOnly: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
    };
    parameters: {
        /** @description Index of the first entry (default 0; below 0 counts as 0). */
        Offset: number;
        /** @description Page size (default 50, at most 500; below 1 counts as 50). */
        Limit: number;
        /** @description `field:ASC` or `field:DESC`, several separated by commas. */
        Sort: string;
        /** @example 12 */
        SoftwareModuleId: number;
        /** @example 3 */
        ArtifactId: number;
        MetadataKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description The artifact's SHA-1, quoted. */
        ETag: string;
        /** @description When the artifact was uploaded. */
        LastModified: string;
        /** @description Always `bytes`. */
        AcceptRanges: string;
        /** @description `attachment;filename=<providedFilename>` (RFC 6266 encoding for names that need it). */
        ContentDisposition: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is serving requests. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "ok";
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description Logged in; the session cookie is set. */
            204: {
                headers: {
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Logged out. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Authenticated (session cookie or HTTP Basic). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSoftwareModules: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of modules. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SoftwareModulePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    createSoftwareModules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SoftwareModuleRequests"];
            };
        };
        responses: {
            /** @description The created modules, in request order. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SoftwareModule"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Unknown software-module type key (`hawkbit.server.error.repo.entityNotFound`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getSoftwareModule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The module. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SoftwareModule"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    updateSoftwareModule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SoftwareModuleUpdate"];
            };
        };
        responses: {
            /** @description The updated module. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SoftwareModule"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    deleteSoftwareModule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    getArtifacts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every artifact of the module. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Artifact"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    uploadArtifact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ArtifactUpload"];
            };
        };
        responses: {
            /** @description The stored artifact. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Artifact"];
                };
            };
            /**
             * @description Not a multipart form with one part `file`, a file name with a path separator or control
             *     character (`hawkbit.server.error.rest.body.notReadable`), a file name longer than 256
             *     characters (`hawkbit.server.error.repo.constraintViolation`), or a checksum that does not
             *     match (`hawkbit.server.error.artifact.uploadFailed.checksum.{md5,sha1,sha256}.match`).
             */
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
            /** @description The module has an artifact of that file name (`hawkbit.server.error.repo.entityAlreadyExists`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            423: components["responses"]["Locked"];
            /**
             * @description The module holds `max_artifacts_per_software_module` artifacts already
             *     (`hawkbit.server.error.quota.tooManyEntries`), or the file is larger than `max_artifact_size`
             *     (`hawkbit.server.error.quota.fileSizeExceeded`).
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            /** @description The bytes could not be stored (`hawkbit.server.error.artifact.uploadFailed`). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
        };
    };
    getArtifact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /** @example 3 */
                artifactId: components["parameters"]["ArtifactId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The artifact. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Artifact"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description No such module, or the artifact belongs to another one (`hawkbit.server.error.repo.entityNotFound`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
        };
    };
    deleteArtifact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /** @example 3 */
                artifactId: components["parameters"]["ArtifactId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
        };
    };
    downloadArtifact: {
        parameters: {
            query?: never;
            header?: {
                Range?: string;
                "If-Range"?: string;
                "If-None-Match"?: string;
            };
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /** @example 3 */
                artifactId: components["parameters"]["ArtifactId"];
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
                    "Last-Modified": components["headers"]["LastModified"];
                    "Accept-Ranges": components["headers"]["AcceptRanges"];
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description If-None-Match names the artifact's ETag; no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
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
            /** @description The stored bytes are missing or damaged (`hawkbit.server.error.artifact.loadFailed`). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
        };
    };
    getSoftwareModuleMetadata: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
            };
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of entries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SoftwareModuleMetadataPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    createSoftwareModuleMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SoftwareModuleMetadataEntries"];
            };
        };
        responses: {
            /** @description The created entries. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SoftwareModuleMetadataEntry"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getSoftwareModuleMetadataValue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                metadataKey: components["parameters"]["MetadataKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SoftwareModuleMetadataEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    updateSoftwareModuleMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                metadataKey: components["parameters"]["MetadataKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SoftwareModuleMetadataUpdate"];
            };
        };
        responses: {
            /** @description The updated entry. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SoftwareModuleMetadataEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    deleteSoftwareModuleMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                metadataKey: components["parameters"]["MetadataKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    getTenantConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenantConfiguration"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    getTenantConfigurationValue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example pollingTime */
                keyName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key's value. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigurationValue"];
                };
            };
            /** @description Unknown key (`hawkbit.server.error.configKeyInvalid`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    updateTenantConfigurationValue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example pollingTime */
                keyName: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ConfigurationValueUpdate"];
            };
        };
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ReadOnly"];
        };
    };
    deleteTenantConfigurationValue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example pollingTime */
                keyName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ReadOnly"];
        };
    };
}
