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
    };
    parameters: {
        /** @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404. */
        Tenant: string;
        ControllerId: string;
    };
    requestBodies: never;
    headers: never;
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
}
