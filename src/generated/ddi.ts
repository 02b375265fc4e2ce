// Generated from openapi/ddi.yaml by `npm run generate:types`; do not edit.

export interface paths {
    "/{tenant}/controller/v1/{controllerId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
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
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
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
    "/{tenant}/controller/v1/{controllerId}/deploymentBase/{actionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /**
                 * @description An action of this target; ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        /**
         * The deployment of an action
         * @description Modes are computed at request time (timeforced, maintenance window). Counts a fetch
         *     (deploymentFetchCount) and records a `retrieved` entry unless the last entry already is one. 404
         *     while the action waits for confirmation or is being cancelled.
         */
        get: operations["getControllerDeploymentBaseAction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{tenant}/controller/v1/{controllerId}/deploymentBase/{actionId}/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /**
                 * @description An action of this target; ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report progress or the outcome of a deployment
         * @description `closed` with `success` or `none` finishes the action (the target is in sync with its set),
         *     `closed` with `failure` makes it `error`; `downloaded` closes a download-only action; every other
         *     execution only records an entry. Resets deploymentFetchCount.
         */
        post: operations["postDeploymentBaseActionFeedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{tenant}/controller/v1/{controllerId}/installedBase": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Declare the distribution set the device runs
         * @description hawkBit's offline assignment from the device: the set of that name and version is recorded as
         *     installed without the server — a finished action (its entry says "Update Server: Action reported as
         *     offline deployment"), the set assigned and installed, the target `in_sync` — and the next poll links
         *     it as `installedBase`. 201 when recorded; 200, changing nothing, when the target has that set
         *     assigned already or a deployment in flight. The set must be valid, complete and accepted by the
         *     target's type.
         */
        put: operations["setAssignedOfflineVersion"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{tenant}/controller/v1/{controllerId}/installedBase/{actionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /**
                 * @description An action of this target; ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        /**
         * The deployment a finished action installed
         * @description 404 unless the action is finished (closed and not cancelled). Records nothing.
         */
        get: operations["getControllerInstalledAction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{tenant}/controller/v1/{controllerId}/cancelAction/{actionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /**
                 * @description An action of this target; ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        /**
         * The cancellation the device should carry out
         * @description 404 unless the action is being cancelled or cancelled. Records a `retrieved` entry.
         */
        get: operations["getControllerCancelAction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{tenant}/controller/v1/{controllerId}/cancelAction/{actionId}/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /**
                 * @description An action of this target; ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Acknowledge or refuse a cancellation
         * @description `closed` with `success` or `none` cancels the action; `closed` with `failure`, or `rejected`, refuses
         *     it and the deployment goes on; other executions only record an entry.
         */
        post: operations["postCancelActionFeedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{tenant}/controller/v1/{controllerId}/confirmationBase": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        /** The target's auto-confirm state and what waits for confirmation */
        get: operations["getConfirmationBase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{tenant}/controller/v1/{controllerId}/confirmationBase/{actionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /**
                 * @description An action of this target; ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        /**
         * The deployment waiting for the device's confirmation
         * @description 404 unless the action waits for confirmation.
         */
        get: operations["getConfirmationBaseAction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{tenant}/controller/v1/{controllerId}/confirmationBase/{actionId}/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /**
                 * @description An action of this target; ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm or deny a deployment
         * @description Taken while the action waits for confirmation. With the confirmation flow on, `denied` is also taken
         *     for a running action: the device revokes the confirmation it gave before installing, the action waits
         *     again and the next poll offers `confirmationBase` instead of `deploymentBase` (hawkBit master). Any
         *     other active action (canceling, or running with the flow off) answers 404 and stays as it is; a
         *     closed one 410.
         */
        post: operations["postConfirmationActionFeedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{tenant}/controller/v1/{controllerId}/confirmationBase/activateAutoConfirm": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm this and every future deployment automatically
         * @description Releases every action waiting for confirmation at once. The body is optional.
         */
        post: operations["activateAutoConfirmation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{tenant}/controller/v1/{controllerId}/confirmationBase/deactivateAutoConfirm": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop confirming automatically */
        post: operations["deactivateAutoConfirmation"];
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
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /** @example 23 */
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
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /** @example 23 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /**
                 * @description The artifact's file name, URL-encoded; it may contain dots.
                 * @example image-1.2.swu
                 */
                fileName: components["parameters"]["FileName"];
            };
            cookie?: never;
        };
        /**
         * Download an artifact's bytes
         * @description Streams the file; HEAD answers the same headers without a body. One `Range: bytes=a-b | a- | -n`
         *     answers 206 (resumed downloads); several (`bytes=0-99,200-299`, at most 200, none overlapping) answer
         *     206 `multipart/byteranges` in the order asked, as hawkBit does (delta updates fetch chunks so); a
         *     malformed Range answers the whole file. `If-Range`
         *     (ETag or date) and `If-None-Match` are honoured; an `If-Match` other than the ETag answers 412. A
         *     whole-file GET records a `download` status entry ("Update Server: Target downloads <path>") on the
         *     target's active action whose set holds the module; ranged requests record nothing. With the S3
         *     storage backend and `[storage] download_redirect`, a GET the conditions let through answers 307 to a
         *     short-lived presigned URL of the bucket instead, which serves the bytes and honours Range itself; HEAD,
         *     several ranges, 304, 412 and 416 are answered here as without it.
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
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /** @example 23 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /**
                 * @description The artifact's file name, URL-encoded; it may contain dots.
                 * @example image-1.2.swu
                 */
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
        DeploymentBase: {
            /**
             * @description The action id, as a string.
             * @example 8
             */
            id: string;
            deployment: components["schemas"]["Deployment"];
            actionHistory?: components["schemas"]["ActionHistory"];
        };
        /**
         * @description Unknown fields are ignored: older clients send `id` and `time`, and `status.result.progress` is
         *     accepted but not stored.
         * @example {
         *       "status": {
         *         "execution": "closed",
         *         "result": {
         *           "finished": "success"
         *         },
         *         "details": [
         *           "Update installed"
         *         ]
         *       }
         *     }
         */
        ActionFeedback: {
            /**
             * Format: int64
             * @description When the device made the report (epoch ms); the server records its own time.
             */
            timestamp?: number;
            status: {
                /** @enum {string} */
                execution: "closed" | "proceeding" | "canceled" | "scheduled" | "rejected" | "resumed" | "downloaded" | "download";
                result: {
                    /** @enum {string} */
                    finished: "success" | "failure" | "none";
                    /** @description Accepted and ignored. */
                    progress?: Record<string, never>;
                };
                /**
                 * Format: int32
                 * @description A status code of the device's own; recorded with the entry and as the action's lastStatusCode.
                 */
                code?: number;
                /** @description Free text, recorded as the entry's messages; a text longer than 512 characters is stored as several, as hawkBit does. */
                details?: string[];
            };
        };
        /** @description The distribution set the device runs, by name and version. Unknown fields are ignored. */
        InstalledVersion: {
            /** @example gateway-os */
            name: string;
            /** @example 1.2.3 */
            version: string;
        };
        Cancel: {
            /** @example 11 */
            id: string;
            cancelAction: {
                /**
                 * @description The action to stop (the same id).
                 * @example 11
                 */
                stopId: string;
            };
        };
        ConfirmationBase: {
            autoConfirm: {
                active: boolean;
                initiator?: string;
                remark?: string;
                /**
                 * Format: int64
                 * @description Epoch ms; 0 while inactive (as hawkBit answers).
                 */
                activatedAt?: number;
            };
            /**
             * @description `activateAutoConfirm` or `deactivateAutoConfirm`, and `confirmationBase` for the action
             *     waiting for confirmation, if any.
             */
            _links?: {
                [key: string]: components["schemas"]["Link"];
            };
        };
        ConfirmationBaseAction: {
            /** @example 6 */
            id: string;
            confirmation: components["schemas"]["Deployment"];
            actionHistory?: components["schemas"]["ActionHistory"];
        };
        ConfirmationFeedback: {
            /**
             * @description confirmed: the deployment starts; denied: recorded, the action keeps waiting, and a running action the device had confirmed (confirmation flow on) waits for its confirmation again.
             * @enum {string}
             */
            confirmation: "confirmed" | "denied";
            /** Format: int32 */
            code?: number;
            details?: string[];
        };
        ActivateAutoConfirm: {
            initiator?: string;
            remark?: string;
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
            /** @description What hawkBit names the linked entity by (a target's name, a set's `name:version`, a rollout's name). */
            name?: string;
        };
        /**
         * @description skip: not now; attempt: when convenient; forced: at once.
         * @enum {string}
         */
        Handling: "skip" | "attempt" | "forced";
        /** @description One software module of the distribution set. */
        Chunk: {
            /**
             * @description The module type key, with hawkBit's legacy names on the wire: `application` is `bApp`,
             *     `runtime` is `jvm`.
             * @example os
             */
            part: string;
            /** @example 1.0.79 */
            version: string;
            /** @example gateway firmware */
            name: string;
            artifacts: components["schemas"]["DdiArtifact"][];
            /** @description The module's metadata marked target visible; omitted when there is none. */
            metadata?: {
                key: string;
                value: string;
            }[];
        };
        Deployment: {
            download: components["schemas"]["Handling"];
            update: components["schemas"]["Handling"];
            /**
             * @description Present only when the action has a maintenance window: `unavailable` while it is closed (then
             *     `update` is `skip`), `available` while it is open.
             * @enum {string}
             */
            maintenanceWindow?: "available" | "unavailable";
            chunks: components["schemas"]["Chunk"][];
        };
        ActionHistory: {
            /**
             * @description The action's status, upper case (`RUNNING`, `CANCELING`, `FINISHED` …).
             * @example RUNNING
             */
            status: string;
            /** @description Messages the device reported, newest first (the server's own are left out). */
            messages: string[];
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
        /**
         * @description The body is not of the media type the operation reads (`hawkbit.server.error.rest.unsupportedMediaType`):
         *     JSON bodies take `application/json` or an `application/*+json` type, artifact uploads
         *     `multipart/form-data`. Nothing is read or changed.
         */
        UnsupportedMediaType: {
            headers: {
                /** @description The media type the operation reads. */
                Accept?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description `If-None-Match` names the ETag of the unchanged body; no body. */
        NotModified: {
            headers: {
                ETag: components["headers"]["ShallowEtag"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Malformed body or an unknown execution/finished value (`hawkbit.server.error.rest.body.notReadable`). */
        BadFeedback: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description Missing or wrong device credential (empty body). */
        "responses-Unauthorized": {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Unknown tenant, target or action, an action of another target, or an action in a state this resource does not show. */
        "responses-NotFound": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description Recorded (an empty body; anything but 200 makes SWUpdate retry forever). */
        Accepted: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The action is closed (`hawkbit.server.error.action.notActive`). */
        Gone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /**
         * @description The action already holds `[quota] max_status_entries_per_action` entries, or the report would take
         *     its messages past `max_messages_per_action` (closing reports are always accepted); or the report has
         *     more than `max_messages_per_action_status` details, a detail longer than 512 characters counting as
         *     one per 512 (`hawkbit.server.error.quota.tooManyEntries`).
         */
        TooManyEntries: {
            headers: {
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
        /**
         * @description The target, the module or the file does not exist, or the module is in neither the target's assigned
         *     nor its installed distribution set (`hawkbit.server.error.repo.entityNotFound`).
         */
        "artifacts_responses-NotFound": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
    };
    parameters: {
        /**
         * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
         * @example DEFAULT
         */
        Tenant: string;
        /**
         * @description As a target's controllerId is created through the management API, without whitespace or `/`.
         * @example dev-1
         */
        ControllerId: string;
        /**
         * @description An action of this target; ids outside the stored range name no action (404).
         * @example 1
         */
        ActionId: number;
        /** @description The opaque value of the poll's link; it changes when the deployment does and is ignored here. */
        Etag: number;
        /**
         * @description Adds `actionHistory`: the last N messages the device reported for the action, newest first. 0
         *     (default) adds none; a negative value or one above 100 means 100. Left out, as in hawkBit, while the
         *     device has reported no message.
         * @example 10
         */
        ActionHistory: number;
        /** @example 23 */
        SoftwareModuleId: number;
        /**
         * @description The artifact's file name, URL-encoded; it may contain dots.
         * @example image-1.2.swu
         */
        FileName: string;
    };
    requestBodies: never;
    headers: {
        /** @description A hash of the body (hawkBit's shallow ETag); sent back in `If-None-Match`, it answers 304. */
        ShallowEtag: string;
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
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    putConfigData: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mode": "merge",
                 *       "data": {
                 *         "hwRevision": "2",
                 *         "serial": "A-1234",
                 *         "osVersion": "6.1.55"
                 *       }
                 *     }
                 */
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
            415: components["responses"]["UnsupportedMediaType"];
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
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mode": "merge",
                 *       "data": {
                 *         "hwRevision": "2",
                 *         "serial": "A-1234",
                 *         "osVersion": "6.1.55"
                 *       }
                 *     }
                 */
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
            415: components["responses"]["UnsupportedMediaType"];
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
    getControllerDeploymentBaseAction: {
        parameters: {
            query?: {
                /** @description The opaque value of the poll's link; it changes when the deployment does and is ignored here. */
                c?: components["parameters"]["Etag"];
                /**
                 * @description Adds `actionHistory`: the last N messages the device reported for the action, newest first. 0
                 *     (default) adds none; a negative value or one above 100 means 100. Left out, as in hawkBit, while the
                 *     device has reported no message.
                 * @example 10
                 */
                actionHistory?: components["parameters"]["ActionHistory"];
            };
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /**
                 * @description An action of this target; ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deployment. */
            200: {
                headers: {
                    ETag: components["headers"]["ShallowEtag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["DeploymentBase"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadFeedback"];
            401: components["responses"]["responses-Unauthorized"];
            404: components["responses"]["responses-NotFound"];
        };
    };
    postDeploymentBaseActionFeedback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /**
                 * @description An action of this target; ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "timestamp": 1795243215765,
                 *       "status": {
                 *         "execution": "closed",
                 *         "result": {
                 *           "finished": "success"
                 *         },
                 *         "code": 0,
                 *         "details": [
                 *           "Update installed"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ActionFeedback"];
            };
        };
        responses: {
            200: components["responses"]["Accepted"];
            400: components["responses"]["BadFeedback"];
            401: components["responses"]["responses-Unauthorized"];
            404: components["responses"]["responses-NotFound"];
            410: components["responses"]["Gone"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyEntries"];
        };
    };
    setAssignedOfflineVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "gateway-os",
                 *       "version": "1.2.3"
                 *     }
                 */
                "application/json": components["schemas"]["InstalledVersion"];
            };
        };
        responses: {
            /** @description The target has that set assigned already, or an active action; nothing changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Recorded; no body. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Malformed body (`hawkbit.server.error.rest.body.notReadable`), or a set that is invalidated,
             *     incomplete or of a type the target's type does not accept.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            401: components["responses"]["responses-Unauthorized"];
            /** @description Unknown tenant or target, or no distribution set of that name and version. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The target holds `[quota] max_actions_per_target` actions (`hawkbit.server.error.quota.tooManyEntries`). */
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
    getControllerInstalledAction: {
        parameters: {
            query?: {
                /**
                 * @description Adds `actionHistory`: the last N messages the device reported for the action, newest first. 0
                 *     (default) adds none; a negative value or one above 100 means 100. Left out, as in hawkBit, while the
                 *     device has reported no message.
                 * @example 10
                 */
                actionHistory?: components["parameters"]["ActionHistory"];
            };
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /**
                 * @description An action of this target; ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The installed deployment, in the shape of deploymentBase. */
            200: {
                headers: {
                    ETag: components["headers"]["ShallowEtag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["DeploymentBase"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadFeedback"];
            401: components["responses"]["responses-Unauthorized"];
            404: components["responses"]["responses-NotFound"];
        };
    };
    getControllerCancelAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /**
                 * @description An action of this target; ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action to stop. */
            200: {
                headers: {
                    ETag: components["headers"]["ShallowEtag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["Cancel"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["responses-Unauthorized"];
            404: components["responses"]["responses-NotFound"];
        };
    };
    postCancelActionFeedback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /**
                 * @description An action of this target; ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "timestamp": 1795243215765,
                 *       "status": {
                 *         "execution": "closed",
                 *         "result": {
                 *           "finished": "success"
                 *         },
                 *         "details": [
                 *           "Cancelled before installation; the running version stays"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ActionFeedback"];
            };
        };
        responses: {
            200: components["responses"]["Accepted"];
            400: components["responses"]["BadFeedback"];
            401: components["responses"]["responses-Unauthorized"];
            404: components["responses"]["responses-NotFound"];
            /** @description The action is not being cancelled (`hawkbit.server.error.action.notCancelable`). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            410: components["responses"]["Gone"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyEntries"];
        };
    };
    getConfirmationBase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The state. */
            200: {
                headers: {
                    ETag: components["headers"]["ShallowEtag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["ConfirmationBase"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["responses-Unauthorized"];
            404: components["responses"]["responses-NotFound"];
        };
    };
    getConfirmationBaseAction: {
        parameters: {
            query?: {
                /** @description The opaque value of the poll's link; it changes when the deployment does and is ignored here. */
                c?: components["parameters"]["Etag"];
                /**
                 * @description Adds `actionHistory`: the last N messages the device reported for the action, newest first. 0
                 *     (default) adds none; a negative value or one above 100 means 100. Left out, as in hawkBit, while the
                 *     device has reported no message.
                 * @example 10
                 */
                actionHistory?: components["parameters"]["ActionHistory"];
            };
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /**
                 * @description An action of this target; ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deployment, under `confirmation`. */
            200: {
                headers: {
                    ETag: components["headers"]["ShallowEtag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["ConfirmationBaseAction"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadFeedback"];
            401: components["responses"]["responses-Unauthorized"];
            404: components["responses"]["responses-NotFound"];
        };
    };
    postConfirmationActionFeedback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /**
                 * @description An action of this target; ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "confirmation": "confirmed",
                 *       "details": [
                 *         "Accepted by the user on the device display"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ConfirmationFeedback"];
            };
        };
        responses: {
            200: components["responses"]["Accepted"];
            400: components["responses"]["BadFeedback"];
            401: components["responses"]["responses-Unauthorized"];
            404: components["responses"]["responses-NotFound"];
            410: components["responses"]["Gone"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyEntries"];
        };
    };
    activateAutoConfirmation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "initiator": "device-ui",
                 *       "remark": "Automatic updates switched on at the device"
                 *     }
                 */
                "application/json": components["schemas"]["ActivateAutoConfirm"];
            };
        };
        responses: {
            /** @description Activated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadFeedback"];
            401: components["responses"]["responses-Unauthorized"];
            404: components["responses"]["responses-NotFound"];
            /** @description Auto-confirm is already active (`hawkbit.server.error.repo.autoConfAlreadyActive`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deactivateAutoConfirmation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deactivated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["responses-Unauthorized"];
            404: components["responses"]["responses-NotFound"];
        };
    };
    getSoftwareModulesArtifacts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /** @example 23 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The module's files, by upload order. */
            200: {
                headers: {
                    ETag: components["headers"]["ShallowEtag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["DdiArtifact"][];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["artifacts_responses-NotFound"];
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
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /** @example 23 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /**
                 * @description The artifact's file name, URL-encoded; it may contain dots.
                 * @example image-1.2.swu
                 */
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
            /** @description The requested range, or several as multipart/byteranges. */
            206: {
                headers: {
                    /** @description `bytes <first>-<last>/<size>` (one range; each part carries its own when several) */
                    "Content-Range"?: string;
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                    "multipart/byteranges": string;
                };
            };
            /** @description If-None-Match names the artifact's ETag; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `[storage] download_redirect` is on: fetch the bytes from `Location`, a presigned URL of the bucket
             *     valid for `[storage] presign_expiry_secs`, without this request's `Authorization`; no body.
             */
            307: {
                headers: {
                    /** @description the presigned GET URL */
                    Location?: string;
                    /** @description `no-store`: the URL expires */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["artifacts_responses-NotFound"];
            /** @description If-Match names another ETag; no body. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The range selects no byte of the file, or several ranges overlap or are more than 200 (`hawkbit.server.error.rest.rangeNotSatisfiable`). */
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
                /**
                 * @description The configured tenant (`tenant`, default DEFAULT); any other value answers 404.
                 * @example DEFAULT
                 */
                tenant: components["parameters"]["Tenant"];
                /**
                 * @description As a target's controllerId is created through the management API, without whitespace or `/`.
                 * @example dev-1
                 */
                controllerId: components["parameters"]["ControllerId"];
                /** @example 23 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /**
                 * @description The artifact's file name, URL-encoded; it may contain dots.
                 * @example image-1.2.swu
                 */
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
            404: components["responses"]["artifacts_responses-NotFound"];
        };
    };
}
