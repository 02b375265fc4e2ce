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
    "/rest/v1/targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List targets
         * @description Sortable by id (= controllerId), controllerId, name, description, updateStatus,
         *     lastControllerRequestAt, createdAt, lastModifiedAt, address and group; default `controllerId:ASC`.
         *     FIQL fields: controllerId (alias id), name, description, updateStatus, lastControllerRequestAt,
         *     address (alias ipAddress), group, tag, autoConfirm.
         */
        get: operations["getTargets"];
        put?: never;
        /**
         * Create targets
         * @description All or nothing. New targets start with updateStatus `unknown`. A controllerId already taken, or
         *     given twice, refuses the whole request with 409; an unknown target type with 404.
         */
        post: operations["createTargets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targets/{targetId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        /** Read one target */
        get: operations["getTarget"];
        /**
         * Change a target
         * @description `requestAttributes: true` asks the device to upload its attributes again. An unknown target type
         *     is 404.
         */
        put: operations["updateTarget"];
        post?: never;
        /**
         * Delete a target
         * @description Its attributes, metadata, tag assignments and actions are deleted with it.
         */
        delete: operations["deleteTarget"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targets/{targetId}/attributes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        /** Read the attributes the device reported */
        get: operations["getTargetAttributes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targets/{targetId}/targettype": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the target's type */
        post: operations["assignTargetType"];
        /** Remove the target's type */
        delete: operations["unassignTargetType"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targets/{targetId}/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        /**
         * List the target's metadata
         * @description Sortable by key and value; default `key:ASC`.
         */
        get: operations["getTargetMetadata"];
        put?: never;
        /**
         * Add metadata entries to the target
         * @description All or nothing; a key already present, or given twice, is 409; more entries than the quota is 429.
         */
        post: operations["createTargetMetadata"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targets/{targetId}/metadata/{metadataKey}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
                metadataKey: components["parameters"]["MetadataKey"];
            };
            cookie?: never;
        };
        /** Read one metadata entry */
        get: operations["getTargetMetadataValue"];
        /** Change a metadata entry's value */
        put: operations["updateTargetMetadata"];
        post?: never;
        /** Delete a metadata entry */
        delete: operations["deleteTargetMetadata"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targettags/{targetTagId}/assigned": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                targetTagId: components["parameters"]["TargetTagId"];
            };
            cookie?: never;
        };
        /**
         * List the targets carrying a tag
         * @description Paging, sorting and FIQL as for the target list.
         */
        get: operations["getAssignedTargets"];
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
        /**
         * @description A target (hawkBit MgmtTarget). `installedDs`, `assignedDs` and `tags` appear only when reading
         *     targets (one or a list), never in create or update responses.
         */
        Target: {
            /** @example dev-1 */
            controllerId: string;
            /** @example dev-1 */
            name: string;
            description?: string;
            /** @enum {string} */
            updateStatus: "unknown" | "registered" | "pending" | "in_sync" | "error";
            /** @example 38e6a19932b014040ba061795186514e */
            securityToken: string;
            requestAttributes: boolean;
            /**
             * @description Omitted when the target has no group.
             * @example eu/berlin
             */
            group?: string;
            /**
             * @description Last known address as a URI; omitted when unknown.
             * @example http://192.168.0.1
             */
            address?: string;
            /**
             * @description Last known IP address; omitted when unknown.
             * @example 192.168.0.1
             */
            ipAddress?: string;
            /**
             * Format: int64
             * @description Omitted until the device has polled.
             */
            lastControllerRequestAt?: number;
            /**
             * Format: int64
             * @description When the installed distribution set was installed; omitted when none.
             */
            installedAt?: number;
            pollStatus?: components["schemas"]["TargetPollStatus"];
            /**
             * Format: int64
             * @description Id of the target type, when one is set.
             */
            targetType?: number;
            targetTypeName?: string;
            /** @description Present only when the confirmation flow is on. */
            autoConfirmActive?: boolean;
            installedDs?: components["schemas"]["TargetDistributionSet"];
            assignedDs?: components["schemas"]["TargetDistributionSet"];
            /** @description Omitted when the target has no tags. */
            tags?: components["schemas"]["TargetTagSummary"][];
            _links: components["schemas"]["Links"];
        } & components["schemas"]["Audit"];
        TargetPage: {
            content: components["schemas"]["Target"][];
            total: number;
            size: number;
        };
        /** @description A target to create. Optional fields given as null count as absent. */
        TargetRequest: {
            /**
             * @description Unique; no whitespace and no '/'.
             * @example dev-1
             */
            controllerId: string;
            /**
             * @description Defaults to the controllerId.
             * @example Device 1
             */
            name?: string | null;
            /** @example Lab bench, rack 3 */
            description?: string | null;
            /**
             * @description Generated (32 lowercase hex characters) when absent.
             * @example 38e6a19932b014040ba061795186514e
             */
            securityToken?: string | null;
            /**
             * @description An IP address, plain or as a URI (`http://192.168.0.1`, `http://[fe80::1]`).
             * @example http://192.168.0.1
             */
            address?: string | null;
            /**
             * @description The target's group; '/' is an ordinary character.
             * @example eu/berlin
             */
            group?: string | null;
            /** @description Whether the device is asked to upload its attributes (default true). */
            requestAttributes?: boolean | null;
            /**
             * Format: int64
             * @description Id of the target type.
             * @example 3
             */
            targetType?: number | null;
        };
        /**
         * @description The fields to change; an omitted field (or one given as null) is left unchanged. A group can be
         *     set or moved but never cleared, so `group` must not be null or empty.
         */
        TargetUpdate: {
            name?: string | null;
            description?: string | null;
            securityToken?: string | null;
            address?: string | null;
            group?: string;
            requestAttributes?: boolean | null;
            /** Format: int64 */
            targetType?: number | null;
        };
        /** @description Present once the target has polled. */
        TargetPollStatus: {
            /**
             * Format: int64
             * @example 1795243215765
             */
            lastRequestAt: number;
            /**
             * Format: int64
             * @description lastRequestAt plus the polling interval.
             * @example 1795243515765
             */
            nextExpectedRequestAt: number;
            /** @description True once a further polling interval has passed after nextExpectedRequestAt. */
            overdue: boolean;
        };
        /** @description The assigned or installed distribution set, embedded in reads of targets. */
        TargetDistributionSet: {
            /**
             * Format: int64
             * @example 4
             */
            id: number;
            /** @example gateway-image */
            name: string;
            /** @example 2.1.0 */
            version: string;
            /**
             * @description Key of the distribution-set type.
             * @example os_app
             */
            type: string;
        };
        TargetTagSummary: {
            /**
             * Format: int64
             * @example 2
             */
            id: number;
            /** @example field-test */
            name: string;
            /** @example #ff0000 */
            colour?: string;
        };
        /**
         * @description The attributes the device reported, key to value; `{}` when none.
         * @example {
         *       "hwRevision": "2",
         *       "serial": "A-1234"
         *     }
         */
        TargetAttributes: {
            [key: string]: string;
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
        TargetRequests: components["schemas"]["TargetRequest"][];
        Targets: components["schemas"]["Target"][];
        IdReference: {
            /**
             * Format: int64
             * @example 7
             */
            id: number;
        };
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
        /** @description No such entity (`hawkbit.server.error.repo.entityNotFound`). */
        NotFound: {
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
        /** @description Done; no body. */
        NoContent: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
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
        /** @description The target's controllerId. */
        TargetId: string;
        MetadataKey: string;
        TargetTagId: number;
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
    getTargets: {
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
            /** @description One page of targets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTargets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TargetRequests"];
            };
        };
        responses: {
            /** @description The created targets, in request order. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Targets"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The target, with its installed and assigned distribution sets and its tags. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Target"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TargetUpdate"];
            };
        };
        responses: {
            /** @description The updated target. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Target"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTargetAttributes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attribute map. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetAttributes"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    assignTargetType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdReference"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    unassignTargetType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTargetMetadata: {
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
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of metadata entries. */
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
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTargetMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
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
    getTargetMetadataValue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
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
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateTargetMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
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
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTargetMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The target's controllerId. */
                targetId: components["parameters"]["TargetId"];
                metadataKey: components["parameters"]["MetadataKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAssignedTargets: {
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
                targetTagId: components["parameters"]["TargetTagId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the tagged targets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
}
