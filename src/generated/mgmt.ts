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
    "/rest/v1/distributionsets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List distribution sets
         * @description Sortable by id, name, version, type, description, createdAt, lastModifiedAt, complete (default id:ASC).
         *     `q` fields: id, name, version, description, type (type key), tag (tag name), valid.
         */
        get: operations["getDistributionSets"];
        put?: never;
        /**
         * Create distribution sets
         * @description Creates every set of the array or none. Each module must be of a module type that the set's
         *     distribution-set type lists as mandatory or optional, and no type may be given more often than its
         *     `maxAssignments`. name + version is unique among all sets.
         */
        post: operations["createDistributionSets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsets/{distributionSetId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        /** One distribution set with its modules */
        get: operations["getDistributionSet"];
        /**
         * Change name, version, description or requiredMigrationStep
         * @description Omitted or null fields keep their value. name + version stays unique. requiredMigrationStep cannot
         *     change once actions reference the set (403 `entityReadOnly`, as hawkBit).
         */
        put: operations["updateDistributionSet"];
        post?: never;
        /**
         * Delete a distribution set
         * @description Removes the set with its metadata and tag assignments. A set referenced by actions or rollouts, or
         *     assigned to or installed on a target, is refused with 409 `entityInUse` (hawkBit would soft-delete).
         */
        delete: operations["deleteDistributionSet"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsets/{distributionSetId}/assignedSM": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        /**
         * The software modules of a set
         * @description Sortable by id, name, version, type (default id:ASC).
         */
        get: operations["getAssignedSoftwareModules"];
        put?: never;
        /**
         * Add software modules to a set
         * @description Modules already in the set are kept. A module of a type allowing one module per set replaces the
         *     set's current module of that type, as hawkBit does; other types may not exceed their `maxAssignments`.
         *     A set referenced by actions or rollouts is locked (423).
         */
        post: operations["assignSoftwareModules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsets/{distributionSetId}/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        /**
         * The metadata entries of a set
         * @description Sortable by key and value (default key:ASC).
         */
        get: operations["getDistributionSetMetadata"];
        put?: never;
        /** Add metadata entries to a set */
        post: operations["createDistributionSetMetadata"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsets/{distributionSetId}/metadata/{metadataKey}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetId: components["parameters"]["DistributionSetId"];
                metadataKey: components["parameters"]["MetadataKey"];
            };
            cookie?: never;
        };
        /** One metadata entry of a set */
        get: operations["getDistributionSetMetadataValue"];
        /** Change the value of a metadata entry */
        put: operations["updateDistributionSetMetadata"];
        post?: never;
        /** Remove a metadata entry */
        delete: operations["deleteDistributionSetMetadata"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsettags/{distributionSetTagId}/assigned": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetTagId: number;
            };
            cookie?: never;
        };
        /**
         * The distribution sets carrying a tag
         * @description Paging, sort and `q` as in the list of all sets.
         */
        get: operations["getAssignedDistributionSets"];
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
        DistributionSetRequest: {
            /** @example edge-gateway */
            name: string;
            /** @example 2.4.0 */
            version: string;
            /**
             * @description Key of the distribution-set type.
             * @example os_app
             */
            type: string;
            /** @example Gateway image with monitoring agent */
            description?: string | null;
            /** @description The set must be installed before a later one (default false). */
            requiredMigrationStep?: boolean;
            modules?: components["schemas"]["IdReferences"];
        };
        /** @description Fields to change; omitted or null fields keep their value. */
        DistributionSetUpdate: {
            name?: string | null;
            version?: string | null;
            description?: string | null;
            requiredMigrationStep?: boolean | null;
        };
        /** @description A distribution set (hawkBit MgmtDistributionSet). */
        DistributionSet: {
            /**
             * Format: int64
             * @example 5
             */
            id: number;
            /** @example edge-gateway */
            name: string;
            /** @example 2.4.0 */
            version: string;
            /** @description Omitted when not set. */
            description?: string;
            /**
             * @description Key of the distribution-set type.
             * @example os_app
             */
            type: string;
            /** @example OS with app(s) */
            typeName: string;
            /** @description The set holds a module of every mandatory module type of its type. */
            complete: boolean;
            /** @description The set is referenced by actions or rollouts; its modules can no longer change. */
            locked: boolean;
            /** @description Always false; deletion is never soft. */
            deleted: boolean;
            /** @description False once the set has been invalidated. */
            valid: boolean;
            requiredMigrationStep: boolean;
            modules: components["schemas"]["SoftwareModule"][];
            /** @description `self`, `type`, `modules` (…/assignedSM, first page), `metadata` (first page). */
            _links: components["schemas"]["Links"];
        } & components["schemas"]["Audit"];
        DistributionSetPage: {
            content: components["schemas"]["DistributionSet"][];
            total: number;
            size: number;
        };
        AssignedSoftwareModulePage: {
            content: components["schemas"]["SoftwareModule"][];
            total: number;
            size: number;
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
        IdReference: {
            /**
             * Format: int64
             * @example 7
             */
            id: number;
        };
        IdReferences: components["schemas"]["IdReference"][];
        DistributionSetRequests: components["schemas"]["DistributionSetRequest"][];
        MetadataEntry: {
            /** @example hwRevision */
            key: string;
            /** @example 2 */
            value: string;
        };
        MetadataPage: {
            content: components["schemas"]["MetadataEntry"][];
            total: number;
            size: number;
        };
        MetadataEntries: components["schemas"]["MetadataEntry"][];
        MetadataUpdate: {
            value: string;
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
        /**
         * @description Bad paging or sort parameters (`…rest.param.sortParamSyntax`, `invalidField`, `invalidDirection`) or an
         *     invalid `q` (`…rest.param.rsqlParamSyntax`, `rsqlInvalidField`).
         */
        BadQuery: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /**
         * @description Malformed body (`hawkbit.server.error.rest.body.notReadable`), a module type the set's type does not
         *     allow (`hawkbit.server.error.distributionset.modules.unsupported`), or more modules of one type than
         *     it allows (`hawkbit.server.error.repo.constraintViolation`).
         */
        BadModules: {
            headers: {
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
        /** @description A per-entity quota is exceeded (`hawkbit.server.error.quota.tooManyEntries`). */
        QuotaExceeded: {
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
        /** @description The set is referenced by actions or rollouts; its modules cannot change (`hawkbit.server.error.locked`). */
        Locked: {
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
        /** @description FIQL filter, e.g. `name==dev*;updateStatus==pending`. */
        Query: string;
        DistributionSetId: number;
        MetadataKey: string;
    };
    requestBodies: never;
    headers: never;
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
    getDistributionSets: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter, e.g. `name==dev*;updateStatus==pending`. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of sets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DistributionSetPage"];
                };
            };
            400: components["responses"]["BadQuery"];
            401: components["responses"]["Unauthorized"];
        };
    };
    createDistributionSets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DistributionSetRequests"];
            };
        };
        responses: {
            /** @description The created sets, in request order. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DistributionSet"][];
                };
            };
            400: components["responses"]["BadModules"];
            401: components["responses"]["Unauthorized"];
            /** @description Unknown distribution-set type key or software module id (`entityNotFound`). */
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
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DistributionSet"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    updateDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DistributionSetUpdate"];
            };
        };
        responses: {
            /** @description The updated set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DistributionSet"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description requiredMigrationStep of a set referenced by actions (`hawkbit.server.error.entityReadOnly`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    deleteDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetId: components["parameters"]["DistributionSetId"];
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
    getAssignedSoftwareModules: {
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
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the set's modules. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssignedSoftwareModulePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    assignSoftwareModules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdReferences"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadModules"];
            401: components["responses"]["Unauthorized"];
            /** @description Unknown set or software module id (`entityNotFound`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            423: components["responses"]["Locked"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getDistributionSetMetadata: {
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
                distributionSetId: components["parameters"]["DistributionSetId"];
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
                    "application/json": components["schemas"]["MetadataPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    createDistributionSetMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetadataEntries"];
            };
        };
        responses: {
            /** @description The created entries. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataEntry"][];
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
    getDistributionSetMetadataValue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetId: components["parameters"]["DistributionSetId"];
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
                    "application/json": components["schemas"]["MetadataEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    updateDistributionSetMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetId: components["parameters"]["DistributionSetId"];
                metadataKey: components["parameters"]["MetadataKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetadataUpdate"];
            };
        };
        responses: {
            /** @description The updated entry. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    deleteDistributionSetMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetId: components["parameters"]["DistributionSetId"];
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
    getAssignedDistributionSets: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter, e.g. `name==dev*;updateStatus==pending`. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                distributionSetTagId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the tagged sets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DistributionSetPage"];
                };
            };
            400: components["responses"]["BadQuery"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
}
