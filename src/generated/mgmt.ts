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
    "/rest/v1/distributionsettags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List distribution-set tags
         * @description Sortable by id, name, description and colour; default `id:ASC`.
         */
        get: operations["getDistributionSetTags"];
        put?: never;
        /**
         * Create distribution-set tags
         * @description All or nothing; a name already taken, or given twice, refuses the whole request with 409.
         */
        post: operations["createDistributionSetTags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsettags/{distributionSetTagId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
            };
            cookie?: never;
        };
        /** Read one distribution-set tag */
        get: operations["getDistributionSetTag"];
        /** Change name, description or colour of a distribution-set tag */
        put: operations["updateDistributionSetTag"];
        post?: never;
        /**
         * Delete a distribution-set tag
         * @description Removes the tag and its assignments; the distribution sets themselves stay.
         */
        delete: operations["deleteDistributionSetTag"];
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
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Tag several distribution sets
         * @description Idempotent; sets already tagged stay tagged. An unknown distribution-set id refuses the whole request with 404 naming the missing ones.
         */
        post: operations["assignDistributionSets"];
        /**
         * Untag several distribution sets
         * @description Idempotent; sets without the tag are left alone. An unknown distribution-set id refuses the whole request with 404.
         */
        delete: operations["unassignDistributionSets"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsettags/{distributionSetTagId}/assigned/{distributionSetId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Tag one distribution set
         * @description Idempotent.
         */
        post: operations["assignDistributionSet"];
        /**
         * Untag one distribution set
         * @description Idempotent.
         */
        delete: operations["unassignDistributionSet"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsets/{distributionSetId}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        /**
         * The tags of one distribution set
         * @description A plain array, not paged, ordered by tag id.
         */
        get: operations["getTagsOfDistributionSet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targettags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List target tags
         * @description Sortable by id, name, description and colour; default `id:ASC`.
         */
        get: operations["getTargetTags"];
        put?: never;
        /**
         * Create target tags
         * @description All or nothing; a name already taken, or given twice, refuses the whole request with 409.
         */
        post: operations["createTargetTags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targettags/{targetTagId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                targetTagId: components["parameters"]["TargetTagId"];
            };
            cookie?: never;
        };
        /** Read one target tag */
        get: operations["getTargetTag"];
        /** Change name, description or colour of a target tag */
        put: operations["updateTargetTag"];
        post?: never;
        /**
         * Delete a target tag
         * @description Removes the tag and its assignments; the targets themselves stay.
         */
        delete: operations["deleteTargetTag"];
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
        get?: never;
        put?: never;
        /**
         * Tag several targets
         * @description Idempotent; targets already tagged stay tagged. An unknown controllerId refuses the whole request with 404 naming the missing ones.
         */
        post: operations["assignTargets"];
        /**
         * Untag several targets
         * @description Idempotent; targets without the tag are left alone. An unknown controllerId refuses the whole request with 404.
         */
        delete: operations["unassignTargets"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targettags/{targetTagId}/assigned/{controllerId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                targetTagId: components["parameters"]["TargetTagId"];
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Tag one target
         * @description Idempotent.
         */
        post: operations["assignTarget"];
        /**
         * Untag one target
         * @description Idempotent.
         */
        delete: operations["unassignTarget"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targets/{controllerId}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        /**
         * The tags of one target
         * @description A plain array, not paged, ordered by tag id.
         */
        get: operations["getTargetTagsOfTarget"];
        put?: never;
        post?: never;
        delete?: never;
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
        /**
         * @description ids of the distribution sets; all must exist, or nothing changes.
         * @example [
         *       4,
         *       7
         *     ]
         */
        DistributionSetTagAssignment: number[];
        /**
         * @description controllerIds of the targets; all must exist, or nothing changes.
         * @example [
         *       "dev-1",
         *       "dev-2"
         *     ]
         */
        TargetTagAssignment: string[];
        Tag: components["schemas"]["Audit"] & {
            /**
             * Format: int64
             * @example 3
             */
            id: number;
            /** @example europe */
            name: string;
            /**
             * @description Omitted when not set.
             * @example Devices deployed in Europe
             */
            description?: string;
            /**
             * @description Omitted when not set.
             * @example #2e7d32
             */
            colour?: string;
            /**
             * @description Number of targets (or distribution sets) carrying the tag.
             * @example 12
             */
            assignedCount: number;
            /** @description `self`, and `assignedTargets` or `assignedDistributionSets` (the tagged entities, first page). */
            _links: components["schemas"]["Links"];
        };
        TagPage: {
            content: components["schemas"]["Tag"][];
            total: number;
            size: number;
        };
        TagRequest: {
            /**
             * @description Unique among the tags of its kind.
             * @example europe
             */
            name: string;
            /** @example Devices deployed in Europe */
            description?: string | null;
            /**
             * @description Display colour for the console, free text.
             * @example #2e7d32
             */
            colour?: string | null;
        };
        /** @description Fields to change; omitted or null fields keep their value, as in hawkBit. */
        TagUpdate: {
            name?: string | null;
            description?: string | null;
            colour?: string | null;
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
        Link: {
            /** @example http://localhost:8080/rest/v1/targets/dev-1 */
            href: string;
        };
        /** @description HAL links of the entity, by relation name. */
        Links: {
            [key: string]: components["schemas"]["Link"];
        };
        TagRequests: components["schemas"]["TagRequest"][];
        Tags: components["schemas"]["Tag"][];
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
        DistributionSetTagId: number;
        DistributionSetId: number;
        TargetTagId: number;
        ControllerId: string;
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
    getDistributionSetTags: {
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
            /** @description One page of distribution-set tags. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createDistributionSetTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TagRequests"];
            };
        };
        responses: {
            /** @description The created tags, in request order. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tags"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getDistributionSetTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tag. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateDistributionSetTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TagUpdate"];
            };
        };
        responses: {
            /** @description The updated tag. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
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
    deleteDistributionSetTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    assignDistributionSets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DistributionSetTagAssignment"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    unassignDistributionSets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DistributionSetTagAssignment"];
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
    assignDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
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
            429: components["responses"]["TooManyRequests"];
        };
    };
    unassignDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
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
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTagsOfDistributionSet: {
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
            /** @description The set's tags. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tags"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTargetTags: {
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
            /** @description One page of target tags. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTargetTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TagRequests"];
            };
        };
        responses: {
            /** @description The created tags, in request order. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tags"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTargetTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                targetTagId: components["parameters"]["TargetTagId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tag. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateTargetTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                targetTagId: components["parameters"]["TargetTagId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TagUpdate"];
            };
        };
        responses: {
            /** @description The updated tag. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
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
    deleteTargetTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                targetTagId: components["parameters"]["TargetTagId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    assignTargets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                targetTagId: components["parameters"]["TargetTagId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TargetTagAssignment"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    unassignTargets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                targetTagId: components["parameters"]["TargetTagId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TargetTagAssignment"];
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
    assignTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                targetTagId: components["parameters"]["TargetTagId"];
                controllerId: components["parameters"]["ControllerId"];
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
            429: components["responses"]["TooManyRequests"];
        };
    };
    unassignTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                targetTagId: components["parameters"]["TargetTagId"];
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTargetTagsOfTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The target's tags. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tags"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
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
