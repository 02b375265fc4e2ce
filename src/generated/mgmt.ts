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
        ConfigurationValueUpdate: {
            /** @description Ignored; the configuration is read-only. */
            value?: unknown;
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
    parameters: never;
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
