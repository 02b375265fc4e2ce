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
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness probe
         * @description 200 once the database answers and every migration of this build has run and the artifact store answers;
         *     503 otherwise, also when either has not answered within 2 s. The message names what is not ready; the
         *     driver's error behind it (addresses, paths) only when the operator's credentials come with the request.
         *     `/health` stays the liveness probe: it never reads the database.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description The metrics of this process in Prometheus' text format (README "Metrics"). With `[metrics] token`
         *     set, the scraper sends `Authorization: Bearer <token>`; without it the endpoint is open. 404 with
         *     `[metrics] enabled = false`.
         */
        get: operations["getMetrics"];
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
    "/rest/v1/userinfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who the credentials belong to, and what they may do
         * @description hawkBit's check of a login: third-party hawkBit UIs call it with the credentials they were given
         *     and show or hide their controls by the permissions.
         */
        get: operations["validateBasicAuth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI document
         * @description Falconet extension. The management API's OpenAPI 3 document, bundled into one JSON document from
         *     the files of `openapi/` this server was built with, for API browsers and client generators. Public,
         *     like `/health`: it describes the API and holds nothing of the server's data. The web console shows
         *     it at `/ui/api-reference/`.
         */
        get: operations["getManagementApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/openapi/ddi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The device API's OpenAPI document
         * @description Falconet extension. The device API's (DDI v1) OpenAPI 3 document, bundled into one JSON document
         *     like the management API's.
         */
        get: operations["getDeviceApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/softwaremoduletypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List software-module types
         * @description Sortable by id, key, name, description, maxAssignments; default `id:ASC`.
         */
        get: operations["getSoftwareModuleTypes"];
        put?: never;
        /**
         * Create software-module types
         * @description Keys and names are unique, also within one request.
         */
        post: operations["createSoftwareModuleTypes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/softwaremoduletypes/{softwareModuleTypeId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                softwareModuleTypeId: components["parameters"]["SoftwareModuleTypeId"];
            };
            cookie?: never;
        };
        /** Read one software-module type */
        get: operations["getSoftwareModuleType"];
        /** Change a software-module type's description or colour */
        put: operations["updateSoftwareModuleType"];
        post?: never;
        /**
         * Delete an unused software-module type
         * @description Refused with 409 `entityInUse` while a software module or a distribution-set type uses it.
         */
        delete: operations["deleteSoftwareModuleType"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsettypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List distribution-set types
         * @description Sortable by id, key, name, description; default `id:ASC`.
         */
        get: operations["getDistributionSetTypes"];
        put?: never;
        /**
         * Create distribution-set types with their mandatory and optional module types
         * @description Keys and names are unique, also within one request. A module type may not be both mandatory and
         *     optional (400 `constraintViolation`); at most `max_software_module_types_per_distribution_set_type`
         *     module types per type (429).
         */
        post: operations["createDistributionSetTypes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsettypes/{distributionSetTypeId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
            };
            cookie?: never;
        };
        /** Read one distribution-set type */
        get: operations["getDistributionSetType"];
        /** Change a distribution-set type's description or colour */
        put: operations["updateDistributionSetType"];
        post?: never;
        /**
         * Delete an unused distribution-set type
         * @description Refused with 409 `entityInUse` while a distribution set or a target type uses it.
         */
        delete: operations["deleteDistributionSetType"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsettypes/{distributionSetTypeId}/mandatorymoduletypes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
            };
            cookie?: never;
        };
        /** List the mandatory module types of a distribution-set type */
        get: operations["getMandatoryModuleTypes"];
        put?: never;
        /**
         * Make a module type mandatory in a distribution-set type
         * @description An optional module type becomes mandatory; one that is mandatory already stays so.
         */
        post: operations["addMandatoryModuleType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsettypes/{distributionSetTypeId}/mandatorymoduletypes/{softwareModuleTypeId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
                /** @example 1 */
                softwareModuleTypeId: components["parameters"]["SoftwareModuleTypeId"];
            };
            cookie?: never;
        };
        /** Read one mandatory module type of a distribution-set type */
        get: operations["getMandatoryModuleType"];
        put?: never;
        post?: never;
        /** Remove a mandatory module type from a distribution-set type */
        delete: operations["removeMandatoryModuleType"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsettypes/{distributionSetTypeId}/optionalmoduletypes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
            };
            cookie?: never;
        };
        /** List the optional module types of a distribution-set type */
        get: operations["getOptionalModuleTypes"];
        put?: never;
        /**
         * Make a module type optional in a distribution-set type
         * @description A mandatory module type becomes optional; one that is optional already stays so.
         */
        post: operations["addOptionalModuleType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsettypes/{distributionSetTypeId}/optionalmoduletypes/{softwareModuleTypeId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
                /** @example 1 */
                softwareModuleTypeId: components["parameters"]["SoftwareModuleTypeId"];
            };
            cookie?: never;
        };
        /** Read one optional module type of a distribution-set type */
        get: operations["getOptionalModuleType"];
        put?: never;
        post?: never;
        /** Remove an optional module type from a distribution-set type */
        delete: operations["removeOptionalModuleType"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targettypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List target types
         * @description Sortable by id, key, name, description; default `id:ASC`.
         */
        get: operations["getTargetTypes"];
        put?: never;
        /**
         * Create target types with their compatible distribution-set types
         * @description Keys and names are unique, also within one request. At most
         *     `max_distribution_set_types_per_target_type` compatible types per target type (429).
         */
        post: operations["createTargetTypes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targettypes/{targetTypeId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetTypeId: components["parameters"]["TargetTypeId"];
            };
            cookie?: never;
        };
        /** Read one target type */
        get: operations["getTargetType"];
        /** Change a target type's name, description or colour */
        put: operations["updateTargetType"];
        post?: never;
        /**
         * Delete a target type no target has
         * @description Refused with 409 `hawkbit.server.error.target.type.used` while a target has this type.
         */
        delete: operations["deleteTargetType"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targettypes/{targetTypeId}/compatibledistributionsettypes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetTypeId: components["parameters"]["TargetTypeId"];
            };
            cookie?: never;
        };
        /** List the distribution-set types compatible with a target type */
        get: operations["getCompatibleDistributionSetTypes"];
        put?: never;
        /**
         * Make distribution-set types compatible with a target type
         * @description Types compatible already stay so.
         */
        post: operations["addCompatibleDistributionSetTypes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targettypes/{targetTypeId}/compatibledistributionsettypes/{distributionSetTypeId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetTypeId: components["parameters"]["TargetTypeId"];
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a distribution-set type from a target type's compatible types */
        delete: operations["removeCompatibleDistributionSetType"];
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
         * @description A plain array ordered by id, as hawkBit answers. Every artifact carries its `self` and `download` links whatever the representation (hawkBit's compact one has none).
         */
        get: operations["getArtifacts"];
        put?: never;
        /**
         * Upload an artifact
         * @description The file streams to disk while its SHA-1, MD5 and SHA-256 are computed; it is never held in
         *     memory, and the JSON body limit does not apply. `filename` overrides the part's file name; given
         *     checksums must match the bytes (400, nothing is kept). Identical bytes are stored once, whichever
         *     module they belong to. A file name is unique within its module. `filename` and the checksums may
         *     also be given as query parameters, as hawkBit documents them; given both ways, they must agree.
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
         *     several (at most 200, none overlapping) answer 206 `multipart/byteranges` in the order asked; a
         *     malformed Range answers the whole file. `If-Range` (ETag or date) and
         *     `If-None-Match` are honoured; an `If-Match` naming another ETag answers 412. The ETag is the
         *     quoted SHA-1, Last-Modified the upload time.
         */
        get: operations["downloadArtifact_1"];
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
                /** @example hwRevision */
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
         *     Soft-deleted sets are left out unless `soft_deleted_mode` asks for them.
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
                /** @example 1 */
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
         * @description Removes the set with its metadata and tag assignments when nothing references it. A set referenced
         *     by actions, or the set of a rollout that has not ended (ready, waiting for approval, running,
         *     paused), is refused with 409 `entityInUse`. A set only a rollout or a target (assigned or installed)
         *     references is soft-deleted, as hawkBit does: 204, it keeps its row with `deleted: true`, leaves the
         *     lists (see `soft_deleted_mode`), the target filters auto-assigning it are detached, and assigning,
         *     rolling out, auto-assigning or changing it answers 404 `hawkbit.server.error.deleted`. Deleting a
         *     soft-deleted set again changes nothing.
         */
        delete: operations["deleteDistributionSet"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsets/{distributionSetId}/invalidate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invalidate a distribution set
         * @description In one transaction the set becomes `valid: false`: it can no longer be assigned or attached to a
         *     filter (400 `hawkbit.server.error.distributionset.invalid`), every filter auto-assigning it is
         *     detached, its rollouts are stopped (unless `actionCancelationType` is none and `cancelRollouts` is
         *     not true), and its active actions are cancelled: `soft` asks the devices (canceling), `force` closes
         *     them at once (canceled), `none` leaves them. Without a body, `soft`. A set already invalidated or
         *     incomplete is refused with 400.
         */
        post: operations["invalidateDistributionSet"];
        delete?: never;
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
                /** @example 1 */
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
    "/rest/v1/distributionsets/{distributionSetId}/assignedSM/{softwareModuleId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a software module from a set
         * @description The module stays in the catalogue; a set missing a mandatory module becomes incomplete. A module that
         *     is not in the set is 404; a set referenced by actions or rollouts is locked (423).
         */
        delete: operations["deleteAssignSoftwareModules"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsets/{distributionSetId}/assignedTargets": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        /**
         * List the targets the set is assigned to
         * @description Paging, sorting and FIQL as for the target list.
         */
        get: operations["getAssignedTargets_1"];
        put?: never;
        /**
         * Assign the set to many targets
         * @description `POST /rest/v1/targets/{id}/assignedDS` for every target of the list, in one transaction: each target's
         *     active action is closed as canceled and a new one starts, and the target becomes `pending`. A target
         *     with the set assigned and an active action for it counts as `alreadyAssigned`; an unknown controllerId
         *     is skipped and not counted. The set must be valid and complete (400) and every known target's type must
         *     accept it (400 `hawkbit.server.error.target.type.incompatible`); a bad maintenance window is 400. More
         *     than `max_target_distribution_set_assignments_per_manual_assignment` entries, or a target that would
         *     hold more than `max_actions_per_target` actions, is 429 and assigns nothing.
         */
        post: operations["createAssignedTarget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsets/{distributionSetId}/installedTargets": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        /**
         * List the targets the set is installed on
         * @description Paging, sorting and FIQL as for the target list.
         */
        get: operations["getInstalledTargets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsets/{distributionSetId}/autoAssignTargetFilters": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        /**
         * List the target filters that auto-assign the set
         * @description Paging, sorting and `q` as for the target filter list.
         */
        get: operations["getAutoAssignTargetFilterQueries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsets/{distributionSetId}/autoAssignments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        /**
         * List the auto-assignments that give the set
         * @description Paging, sorting and `q` as for the auto-assignment list.
         */
        get: operations["getDistributionSetAutoAssignments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsets/{distributionSetId}/statistics": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        /**
         * The set's actions and rollouts by status, and its auto-assignments
         * @description `actions` and `rollouts` always carry `total`; `totalAutoAssignments` is always present.
         */
        get: operations["getStatisticsForDistributionSet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsets/{distributionSetId}/statistics/actions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        /**
         * The set's actions by status
         * @description Only `actions`; `{}` while the set has no action.
         */
        get: operations["getActionsCountByStatusForDistributionSet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsets/{distributionSetId}/statistics/rollouts": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        /**
         * The set's rollouts by status
         * @description Only `rollouts`; `{}` while the set has no rollout.
         */
        get: operations["getRolloutsCountByStatusForDistributionSet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/distributionsets/{distributionSetId}/statistics/autoassignments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        /**
         * How many target filters auto-assign the set
         * @description Only `totalAutoAssignments`.
         */
        get: operations["getAutoAssignmentsCountForDistributionSet"];
        put?: never;
        post?: never;
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
                /** @example 1 */
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
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
                /** @example hwRevision */
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
                /** @example 1 */
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
                /** @example 1 */
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
            };
            cookie?: never;
        };
        /**
         * The distribution sets carrying a tag
         * @description Paging, sort and `q` as in the list of all sets.
         */
        get: operations["getAssignedDistributionSets"];
        /**
         * Tag several distribution sets (hawkBit 0.8 form)
         * @description hawkBit 0.8's form of the bulk assignment, for the clients and scripts written against it (decision
         *     96): the same as the POST, answering 200 as hawkBit 0.8 did. It assigns and never toggles.
         */
        put: operations["assignDistributionSetsPut"];
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
                /** @example 1 */
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
                /** @example 1 */
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
                /** @example 1 */
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
         *     FIQL over the target fields (README, Management API), e.g. `assignedDS.version==2.*;tag==beta`.
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
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
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
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
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
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
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
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
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
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
                /** @example hwRevision */
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
    "/rest/v1/targets/{targetId}/assignedDS": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        /** Read the target's assigned distribution set */
        get: operations["getAssignedDistributionSet"];
        put?: never;
        /**
         * Assign a distribution set to the target
         * @description Starts a deployment: the target's active action (if any) is closed as canceled at once, a new action
         *     starts (`wait_for_confirmation` when the confirmation flow is on and the target does not auto-confirm,
         *     else `running`) and the target becomes `pending`. The set already assigned with an active action counts
         *     as `alreadyAssigned` and changes nothing. An invalidated or incomplete set, a set type the target type
         *     does not accept (`hawkbit.server.error.target.type.incompatible`) or a bad maintenance window
         *     (`hawkbit.server.error.maintenanceScheduleInvalid`) is 400; more than `max_actions_per_target` actions 429.
         *     `POST /rest/v1/distributionsets/{id}/assignedTargets` assigns one set to many targets the same way.
         */
        post: operations["postAssignedDistributionSet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targets/{targetId}/installedDS": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        /** Read the target's last installed distribution set */
        get: operations["getInstalledDistributionSet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targets/{targetId}/actions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        /**
         * List the target's actions
         * @description Newest first by default (`id:DESC`). Sortable by id, status, detailStatus, createdAt, lastModifiedAt.
         *     FIQL over the action fields (README, Management API): `status` takes pending | finished and the
         *     fine states, `detailStatus` the fine states.
         */
        get: operations["getActionHistory"];
        put?: never;
        post?: never;
        /**
         * Delete old actions of the target
         * @description hawkBit 1.1's history purge for one target: either the actions named in the body (ids of other
         *     targets are ignored) or, with `keepLast`, every closed action but the newest `keepLast`. Only closed
         *     actions are deleted, with their status entries, and never the finished action behind the target's
         *     installedBase link: naming one refuses the request (405) and deletes nothing, `keepLast` skips it.
         *     Giving both or neither is 400.
         */
        delete: operations["deleteActionsForTarget"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targets/{targetId}/actions/{actionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
                /**
                 * @description Ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        /** Read one action of the target */
        get: operations["getAction"];
        /**
         * Force an active action
         * @description Only `{"forceType": "forced"}` is accepted; the action keeps its status. A closed action is 410.
         */
        put: operations["updateAction"];
        post?: never;
        /**
         * Cancel an action
         * @description Without `force` the action becomes `canceling` and the device is asked (its poll offers cancelAction);
         *     with `force=true` it is canceled at once from any active state.
         */
        delete: operations["cancelAction"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targets/{targetId}/actions/{actionId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
                /**
                 * @description Ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        /**
         * List the status entries of an action
         * @description Oldest first by default; `sort=id:DESC` for newest first. Sortable by id and reportedAt.
         */
        get: operations["getActionStatusList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targets/{targetId}/autoConfirm": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        /** Read the target's auto-confirm state */
        get: operations["getAutoConfirmStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targets/{targetId}/autoConfirm/activate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn auto-confirm on
         * @description Every action of the target waiting for confirmation starts running. Already active is 409.
         */
        post: operations["activateAutoConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targets/{targetId}/autoConfirm/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn auto-confirm off */
        post: operations["deactivateAutoConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List all actions
         * @description Sorted by id ascending by default. Sortable by id, status, detailStatus, createdAt, lastModifiedAt.
         *     FIQL over the action fields (README, Management API): `status` takes pending | finished and the
         *     fine states, `detailStatus` the fine states.
         */
        get: operations["getActions"];
        put?: never;
        post?: never;
        /**
         * Delete actions by id or by query
         * @description hawkBit 1.1's history purge: the actions named in the body (unknown ids are ignored), or those `q`
         *     matches. Only closed actions are deleted, with their status entries, and never the finished action
         *     behind a target's installedBase link. Naming an active or such an action in the body, or matching an
         *     active one with `q`, refuses the request (405) and deletes nothing; `q` skips the installedBase ones.
         *     Giving both or neither is 400.
         */
        delete: operations["deleteActions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/actions/{actionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        /**
         * Read one action by id
         * @description The action as the target's own action resource shows it, whichever target it belongs to.
         */
        get: operations["getAction_1"];
        put?: never;
        post?: never;
        /**
         * Delete one closed action
         * @description Deletes the action with its status entries. An active action, or the finished action behind its
         *     target's installedBase link, is refused with 405.
         */
        delete: operations["deleteAction"];
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
                /** @example 1 */
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
                /** @example 1 */
                targetTagId: components["parameters"]["TargetTagId"];
            };
            cookie?: never;
        };
        /**
         * List the targets carrying a tag
         * @description Paging, sorting and FIQL as for the target list.
         */
        get: operations["getAssignedTargets"];
        /**
         * Tag several targets (hawkBit 0.8 form)
         * @description hawkBit 0.8's form of the bulk assignment, for the clients and scripts written against it (decision
         *     96): the same as the POST, answering 200 as hawkBit 0.8 did. It assigns and never toggles.
         */
        put: operations["assignTargetsPut"];
        /**
         * Tag several targets
         * @description Idempotent; targets already tagged stay tagged. Unknown controllerIds are handled by `onNotFoundPolicy`.
         */
        post: operations["assignTargets"];
        /**
         * Untag several targets
         * @description Idempotent; targets without the tag are left alone. Unknown controllerIds are handled by `onNotFoundPolicy`.
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
                /** @example 1 */
                targetTagId: components["parameters"]["TargetTagId"];
                /** @example dev-1 */
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
                /** @example dev-1 */
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
    "/rest/v1/targetgroups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Move every target matching a query into a group given as a query parameter
         * @description As `PUT /rest/v1/targetgroups/{group}?q=`, for a group with `/` in it.
         */
        put: operations["assignTargetsToGroup_1"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targetgroups/assigned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the targets of a group, and of its subgroups if asked */
        get: operations["getAssignedTargetsWithSubgroups"];
        /**
         * Move targets into a group given as a query parameter
         * @description As `PUT /rest/v1/targetgroups/{group}/assigned`, for a group with `/` in it.
         */
        put: operations["assignTargetsToGroupWithSubgroups"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targetgroups/{group}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The group, exactly (no subgroups).
                 * @example eu
                 */
                group: components["parameters"]["GroupPath"];
            };
            cookie?: never;
        };
        get?: never;
        /** Move every target matching a query into a group */
        put: operations["assignTargetsToGroupWithRsql"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targetgroups/{group}/assigned": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The group, exactly (no subgroups).
                 * @example eu
                 */
                group: components["parameters"]["GroupPath"];
            };
            cookie?: never;
        };
        /**
         * List the targets of a group
         * @description Paging, sorting and `q` as for the target list; subgroups are left out (see `/rest/v1/targetgroups/assigned`).
         */
        get: operations["getAssignedTargets_2"];
        /**
         * Move targets into a group
         * @description Targets already in the group stay; an unknown controllerId refuses the whole request with 404.
         */
        put: operations["assignTargetsToGroup"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targetfilters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List target filters
         * @description Sortable by id, name, createdAt, createdBy, lastModifiedAt, lastModifiedBy (default id:ASC). `q`
         *     fields: id, name, createdAt, createdBy, lastModifiedAt, lastModifiedBy,
         *     autoAssignDistributionSet.name, autoAssignDistributionSet.version.
         */
        get: operations["getFilters"];
        put?: never;
        /** Save a target filter */
        post: operations["createFilter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targetfilters/{targetFilterQueryId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetFilterQueryId: components["parameters"]["TargetFilterQueryId"];
            };
            cookie?: never;
        };
        /** Read one target filter */
        get: operations["getFilter"];
        /**
         * Change the name or query of a target filter
         * @description A new query is checked like a saved one. With a set attached, it must match at most
         *     `max_targets_per_auto_assignment` targets that accept the set (429); the targets it newly matches get
         *     the set at the next sweep.
         */
        put: operations["updateFilter"];
        post?: never;
        /**
         * Delete a target filter
         * @description Actions it created stay.
         */
        delete: operations["deleteFilter"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/targetfilters/{targetFilterQueryId}/autoAssignDS": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetFilterQueryId: components["parameters"]["TargetFilterQueryId"];
            };
            cookie?: never;
        };
        /** Read the set the filter auto-assigns */
        get: operations["getAutoAssignDistributionSet"];
        put?: never;
        /**
         * Attach a set for auto-assignment
         * @description The set (valid and complete) goes at once to every target the filter matches, and from then on to
         *     every target that comes to match it: at DDI auto-registration (in the same poll), when a device
         *     uploads configData, and at each sweep (every `rollout_eval_interval_secs`). A target is skipped while
         *     it has the set assigned or any active action, when its target type does not accept the set, or when it
         *     holds `max_actions_per_target` actions. The actions are created in the name of the operator who
         *     attached the set. At most `max_targets_per_auto_assignment` targets accepting the set may match (429).
         */
        post: operations["postAutoAssignDistributionSet"];
        /**
         * Stop auto-assigning
         * @description Actions already created stay.
         */
        delete: operations["deleteAutoAssignDistributionSet"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/autoassignments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List auto-assignments
         * @description Sortable by id, name, createdAt, createdBy, lastModifiedAt, lastModifiedBy, status, actionType,
         *     approvalDecidedBy (default id:ASC). `q` fields: the same, and distributionSet.name,
         *     distributionSet.version.
         */
        get: operations["getAutoAssignments"];
        put?: never;
        /**
         * Create an auto-assignment
         * @description The set must be valid and complete, and at most `max_targets_per_auto_assignment` targets accepting
         *     it may match the query (429). The auto-assignment starts `ready`, or `waiting_for_approval` while
         *     `auto_assignment_approval_enabled` is on; a ready one runs from the first sweep at or after its
         *     startAt. It gives its set to the targets the query matches as a target filter's auto-assignment does,
         *     in the name of the operator who created it.
         */
        post: operations["createAutoAssignment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/autoassignments/{autoAssignmentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no auto-assignment (404).
                 * @example 3
                 */
                autoAssignmentId: components["parameters"]["AutoAssignmentId"];
            };
            cookie?: never;
        };
        /** Read one auto-assignment */
        get: operations["getAutoAssignment"];
        /**
         * Rename or describe an auto-assignment
         * @description Only name and description change; the query, the set and the status stay.
         */
        put: operations["updateAutoAssignment"];
        post?: never;
        /**
         * Delete an auto-assignment
         * @description Actions it created stay. A target filter it belonged to no longer auto-assigns.
         */
        delete: operations["deleteAutoAssignment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/autoassignments/{autoAssignmentId}/start": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no auto-assignment (404).
                 * @example 3
                 */
                autoAssignmentId: components["parameters"]["AutoAssignmentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a ready auto-assignment
         * @description ready → running, before its startAt.
         */
        post: operations["startAutoAssignment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/autoassignments/{autoAssignmentId}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no auto-assignment (404).
                 * @example 3
                 */
                autoAssignmentId: components["parameters"]["AutoAssignmentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a running auto-assignment
         * @description running → paused; the sweep and device registrations skip it.
         */
        post: operations["pauseAutoAssignment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/autoassignments/{autoAssignmentId}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no auto-assignment (404).
                 * @example 3
                 */
                autoAssignmentId: components["parameters"]["AutoAssignmentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused auto-assignment
         * @description paused → running.
         */
        post: operations["resumeAutoAssignment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/autoassignments/{autoAssignmentId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no auto-assignment (404).
                 * @example 3
                 */
                autoAssignmentId: components["parameters"]["AutoAssignmentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a waiting auto-assignment
         * @description waiting_for_approval → ready; records approvalDecidedBy and the remark.
         */
        post: operations["approveAutoAssignment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/autoassignments/{autoAssignmentId}/deny": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no auto-assignment (404).
                 * @example 3
                 */
                autoAssignmentId: components["parameters"]["AutoAssignmentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deny a waiting auto-assignment
         * @description waiting_for_approval → approval_denied (terminal: only delete remains); records approvalDecidedBy and the remark.
         */
        post: operations["denyAutoAssignment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/rollouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List rollouts
         * @description Sortable by id, name, description, status, createdAt, lastModifiedAt; FIQL over the rollout fields (README, Management API).
         */
        get: operations["getRollouts"];
        put?: never;
        /**
         * Create a rollout
         * @description The targets matching `targetFilterQuery` whose type accepts the set are split into deploy groups: evenly
         *     into `amountGroups` groups `group-1..n` (a dynamic rollout adds an empty trailing group), or into the
         *     custom `groups`, in order, each taking its `targetPercentage` of the targets matching its own filter that
         *     no earlier group took; every matching target must land in a group (400 otherwise). The rollout is
         *     `ready`, or `waiting_for_approval` when `rollout_approval_enabled` is on; with `startAt` it starts itself
         *     then. An omitted successCondition is 50 %, an omitted errorCondition never trips; a group's own
         *     conditions, actions, confirmationRequired and soakTime override the rollout's. 400 for an incomplete or
         *     invalidated set, a bad filter, amountGroups 0, both or neither of amountGroups and groups, groups with
         *     `dynamic`, a targetPercentage outside 1–100, an unknown type, dynamicGroupTemplate without
         *     `dynamic: true`, a threshold outside 0–100, or a static rollout matching no target; 409 for a name taken
         *     or two groups of one name; 429 past `max_rollout_groups_per_rollout` or `max_targets_per_rollout_group`.
         */
        post: operations["create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/rollouts/{rolloutId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        /** Read one rollout */
        get: operations["getRollout"];
        /**
         * Rename, describe or reschedule a rollout
         * @description name and description change in any status (409 for a name taken); startAt only before the start,
         *     while `ready` or `waiting_for_approval` (400 `hawkbit.server.error.rollout.illegalState` otherwise).
         */
        put: operations["update"];
        post?: never;
        /**
         * Delete a rollout
         * @description In any status. Its active actions are asked to cancel (canceling); its groups go with it.
         */
        delete: operations["delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/rollouts/{rolloutId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a waiting rollout
         * @description waiting_for_approval → ready; records approveDecidedBy and the remark.
         */
        post: operations["approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/rollouts/{rolloutId}/deny": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deny a waiting rollout
         * @description waiting_for_approval → approval_denied (terminal: only delete remains); records approveDecidedBy and the remark.
         */
        post: operations["deny"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/rollouts/{rolloutId}/start": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a ready rollout
         * @description ready → running: every group waits its turn, the first starts and its targets get actions of the rollout's type and forcetime.
         */
        post: operations["start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/rollouts/{rolloutId}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a running rollout
         * @description running → paused: the evaluator leaves it alone; actions already issued go on.
         */
        post: operations["pause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/rollouts/{rolloutId}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused rollout
         * @description paused → running, evaluated at once.
         */
        post: operations["resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/rollouts/{rolloutId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop a rollout
         * @description Active actions become canceling (offered as cancelAction), unfinished groups stopped; the rollout is stopping until no action is in flight, then stopped (terminal). 400 once stopping, stopped or finished.
         */
        post: operations["stop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/rollouts/{rolloutId}/triggerNextGroup": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start the next group now
         * @description Starts the next scheduled group of a running rollout at once, whatever the running groups' success
         *     conditions and soak times (they keep running and are judged as before). 400
         *     `hawkbit.server.error.rollout.illegalState` unless running with a scheduled group left.
         */
        post: operations["triggerNextGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/rollouts/{rolloutId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a finished rollout's failed targets
         * @description Creates `<name>_retry`: one group of the targets whose action in this rollout ended in `error` (and whose
         *     type accepts the set), its targetFilterQuery `failedrollout==<id>`, with the set, type, forcetime and
         *     description of the original and the default conditions; not scheduled, no confirmation asked. 400
         *     `hawkbit.server.error.repo.constraintViolation` unless the rollout is finished and has failed targets;
         *     409 when `<name>_retry` exists.
         */
        post: operations["retryRollout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/rollouts/{rolloutId}/deploygroups": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        /**
         * List the rollout's deploy groups
         * @description Sortable by id, name, status (default id:ASC); FIQL over the deploy-group fields (README, Management API).
         */
        get: operations["getRolloutGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/rollouts/{rolloutId}/deploygroups/{groupId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
                /**
                 * @description A deploy group of the rollout.
                 * @example 1
                 */
                groupId: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        /** Read one deploy group */
        get: operations["getRolloutGroup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/rollouts/{rolloutId}/deploygroups/{groupId}/targets": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
                /**
                 * @description A deploy group of the rollout.
                 * @example 1
                 */
                groupId: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        /**
         * List the targets of a deploy group
         * @description Target list conventions (sort, FIQL on the target fields).
         */
        get: operations["getRolloutGroupTargets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook subscriptions
         * @description Sortable by id, name, url; default `id:ASC`. `q` fields: id, name, url, enabled and the audit fields.
         */
        get: operations["getWebhooks"];
        put?: never;
        /**
         * Subscribe URLs to events
         * @description All or none. A URL outside http(s), one whose host is a private address (loopback, link-local, private, unique-local, unspecified, `localhost`) while `[webhooks]` does not allow it, or a malformed secret is 400 constraintViolation.
         */
        post: operations["createWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        /** Read one subscription (without its secret) */
        get: operations["getWebhook"];
        /** Change a subscription */
        put: operations["updateWebhook"];
        post?: never;
        /** Delete a subscription with its delivery log */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        /**
         * A subscription's delivery log
         * @description Sortable by id, createdat, status; default `id:DESC`. `q` fields: id, messageid, eventtype, status, attempts, createdat, deliveredat.
         */
        get: operations["getWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rest/v1/system/statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fleet counters
         * @description Counts of targets (in total and per update status), distribution sets, software modules, actions
         *     (all and active) and rollouts. `q` (FIQL over the target fields) narrows only the target counters.
         */
        get: operations["getStatistics"];
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
         *     `rollout.approval.enabled`, action cleanup, the statuses the history purge deletes
         *     (`action.delete.allowed.statuses`) and the other hawkBit keys this server honours.
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
    "/rest/v1/auditlog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the audit log
         * @description Newest first by default (`id:DESC`). Sortable by id, at, actor, operation, method, entityType, status.
         *     FIQL over the audit fields (README, Management API): `id`, `at`, `actor`, `operation`, `method`,
         *     `path`, `entitytype`, `entityid` (one of the entry's entityIds), `status`, `requestid`, `clientaddress`.
         *     Entries older than `[cleanup] auditlog_retention_days` are deleted hourly.
         */
        get: operations["getAuditLog"];
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
        UserInfo: {
            /**
             * @description The configured `tenant`.
             * @example DEFAULT
             */
            tenant: string;
            /** @example admin */
            username: string;
            /**
             * @description hawkBit's permission names the operator holds: every one that applies to this server (its
             *     tenant configuration is read-only, so no configuration writes).
             * @example [
             *       "READ_TARGET",
             *       "UPDATE_TARGET",
             *       "READ_ROLLOUT",
             *       "HANDLE_ROLLOUT"
             *     ]
             */
            permissions: string[];
        };
        SoftwareModuleType: components["schemas"]["Audit"] & {
            /**
             * Format: int64
             * @example 1
             */
            id: number;
            /**
             * @description Key devices see as the chunk part of a deployment.
             * @example os
             */
            key: string;
            /** @example OS */
            name: string;
            /**
             * @description Omitted when not set.
             * @example Operating system
             */
            description?: string;
            /**
             * @description Omitted when not set.
             * @example #1e90ff
             */
            colour?: string;
            /**
             * Format: int32
             * @description How many modules of this type one distribution set may hold.
             * @example 1
             */
            maxAssignments: number;
            /**
             * Format: int32
             * @description How many artifacts a module of this type needs to be complete (its `complete`); 0 asks for none. Fixed at creation, as in hawkBit.
             * @example 1
             */
            minArtifacts: number;
            /**
             * @description Always false; types in use cannot be deleted.
             * @example false
             */
            deleted: boolean;
            _links: components["schemas"]["Links"];
        };
        SoftwareModuleTypePage: {
            content: components["schemas"]["SoftwareModuleType"][];
            /** Format: int64 */
            total: number;
            size: number;
        };
        SoftwareModuleTypes: components["schemas"]["SoftwareModuleType"][];
        SoftwareModuleTypeCreateRequest: {
            /** @example bootloader */
            key: string;
            /** @example Bootloader */
            name: string;
            /** @example Second-stage bootloader */
            description?: string;
            /** @example #aa0000 */
            colour?: string;
            /**
             * Format: int32
             * @description Modules of this type one set may hold (default 1).
             * @default 1
             */
            maxAssignments: number;
            /**
             * Format: int32
             * @description Artifacts a module of this type needs to be complete (default 0, none).
             * @default 0
             */
            minArtifacts: number;
        };
        SoftwareModuleTypeCreateRequests: components["schemas"]["SoftwareModuleTypeCreateRequest"][];
        /** @description Only description and colour can change; other fields are ignored. */
        SoftwareModuleTypeUpdateRequest: {
            /** @example Updated description */
            description?: string;
            /** @example #00aa00 */
            colour?: string;
        };
        DistributionSetType: components["schemas"]["Audit"] & {
            /**
             * Format: int64
             * @example 2
             */
            id: number;
            /** @example os_app */
            key: string;
            /** @example OS with app(s) */
            name: string;
            /**
             * @description Omitted when not set.
             * @example Operating system with optional runtime and applications
             */
            description?: string;
            /**
             * @description Omitted when not set.
             * @example #1e90ff
             */
            colour?: string;
            /**
             * @description Always false; types in use cannot be deleted.
             * @example false
             */
            deleted: boolean;
            _links: components["schemas"]["Links"];
        };
        DistributionSetTypePage: {
            content: components["schemas"]["DistributionSetType"][];
            /** Format: int64 */
            total: number;
            size: number;
        };
        DistributionSetTypes: components["schemas"]["DistributionSetType"][];
        DistributionSetTypeCreateRequest: {
            /** @example os_bootloader */
            key: string;
            /** @example OS with bootloader */
            name: string;
            description?: string;
            colour?: string;
            /** @description Module types a set of this type must hold to be complete. */
            mandatorymodules?: components["schemas"]["IdReferences"];
            /** @description Module types a set of this type may hold besides the mandatory ones. */
            optionalmodules?: components["schemas"]["IdReferences"];
        };
        DistributionSetTypeCreateRequests: components["schemas"]["DistributionSetTypeCreateRequest"][];
        /** @description Only description and colour can change; other fields are ignored. */
        DistributionSetTypeUpdateRequest: {
            description?: string;
            colour?: string;
        };
        TargetType: components["schemas"]["Audit"] & {
            /**
             * Format: int64
             * @example 3
             */
            id: number;
            /** @example gateway */
            key: string;
            /** @example Gateway */
            name: string;
            /**
             * @description Omitted when not set.
             * @example Edge gateways
             */
            description?: string;
            /**
             * @description Omitted when not set.
             * @example #aaafff
             */
            colour?: string;
            /**
             * @description Always false; types in use cannot be deleted.
             * @example false
             */
            deleted: boolean;
            _links: components["schemas"]["Links"];
        };
        TargetTypePage: {
            content: components["schemas"]["TargetType"][];
            /** Format: int64 */
            total: number;
            size: number;
        };
        TargetTypes: components["schemas"]["TargetType"][];
        TargetTypeCreateRequest: {
            /** @example Gateway */
            name: string;
            /**
             * @description Defaults to the name.
             * @example gateway
             */
            key?: string;
            description?: string;
            colour?: string;
            /** @description Distribution-set types devices of this type can install. */
            compatibledistributionsettypes?: components["schemas"]["IdReferences"];
        };
        TargetTypeCreateRequests: components["schemas"]["TargetTypeCreateRequest"][];
        /** @description Name, description and colour can change; other fields are ignored. */
        TargetTypeUpdateRequest: {
            name?: string;
            description?: string;
            colour?: string;
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
            /** @description It has at least as many artifacts as its type's `minArtifacts` (always true for a type asking for none). */
            complete: boolean;
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
            /** @description The set is soft-deleted: a rollout or a target still references it, so its row stays, but it is listed only on request and can no longer be assigned. */
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
        InvalidationRequest: {
            /**
             * @description What happens to the set's active actions.
             * @example soft
             * @enum {string}
             */
            actionCancelationType: "none" | "soft" | "force";
            /** @description Stop the set's rollouts even with `none` (default false). */
            cancelRollouts?: boolean | null;
        };
        DistributionSetStatistics: {
            actions?: components["schemas"]["StatusCounts"];
            rollouts?: components["schemas"]["StatusCounts"];
            /**
             * @description Target filters auto-assigning the set.
             * @example 1
             */
            totalAutoAssignments?: number;
        };
        /**
         * @description ids of the distribution sets; all must exist, or nothing changes.
         * @example [
         *       4,
         *       7
         *     ]
         */
        DistributionSetTagAssignment: components["schemas"]["Id"][];
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
        /**
         * @description How the device is asked to download and install.
         * @example forced
         * @enum {string}
         */
        ActionType: "forced" | "soft" | "timeforced" | "downloadonly";
        /** @description Either all three fields or none. */
        MaintenanceWindowRequest: {
            /**
             * @description Quartz cron with a leading seconds field (six fields, or seven with a year).
             * @example 0 0 3 ? * 6
             */
            schedule?: string | null;
            /**
             * @description HH:mm:ss, at most 23:59:59.
             * @example 00:30:00
             */
            duration?: string | null;
            /**
             * @description Fixed offset ±HH:mm.
             * @example +01:00
             */
            timezone?: string | null;
        } | null;
        /** @description How the new action runs; an offline assignment ignores every option. */
        AssignmentOptions: {
            type?: components["schemas"]["ActionType"];
            /**
             * Format: int64
             * @description Epoch milliseconds from which a timeforced action is forced.
             */
            forcetime?: number | null;
            maintenanceWindow?: components["schemas"]["MaintenanceWindowRequest"];
            /**
             * @description With the confirmation flow on, whether the device confirms first (default true); a target that
             *     auto-confirms never waits. Ignored while the flow is off.
             */
            confirmationRequired?: boolean | null;
            /**
             * Format: int32
             * @description Accepted for hawkBit clients and ignored; Falconet has no action weights.
             */
            weight?: number | null;
        };
        AssignmentRequest: {
            id: components["schemas"]["Id"];
        } & components["schemas"]["AssignmentOptions"];
        /** @description One target of an assignment, by controllerId. */
        TargetAssignmentRequest: {
            /**
             * @description The target's controllerId; an unknown one is skipped.
             * @example dev-1
             */
            id: string;
        } & components["schemas"]["AssignmentOptions"];
        /** @description The targets, each at most once (the same controllerId twice with other options is 400). */
        TargetAssignmentRequests: components["schemas"]["TargetAssignmentRequest"][];
        /** @description One assignment, or an array holding one (multi-assignment is not provided). */
        AssignmentRequestBody: components["schemas"]["AssignmentRequest"] | components["schemas"]["AssignmentRequest"][];
        AssignmentResult: {
            assigned: number;
            alreadyAssigned: number;
            total: number;
            assignedActions: {
                /** Format: int64 */
                id: number;
                _links: components["schemas"]["Links"];
            }[];
        };
        MaintenanceWindow: {
            schedule: string;
            duration: string;
            timezone: string;
            /**
             * Format: int64
             * @description Epoch milliseconds of the open window's start or of the next one; absent once lapsed.
             */
            nextStartAt?: number;
        };
        Action: components["schemas"]["Audit"] & {
            /** Format: int64 */
            id: number;
            type: components["schemas"]["ActionType"];
            forceType: components["schemas"]["ActionType"];
            /**
             * @description pending while the action is active.
             * @enum {string}
             */
            status: "pending" | "finished";
            /** @enum {string} */
            detailStatus: "wait_for_confirmation" | "running" | "canceling" | "canceled" | "finished" | "error" | "downloaded";
            active: boolean;
            /**
             * Format: int64
             * @description timeforced actions only.
             */
            forceTime?: number;
            maintenanceWindow?: components["schemas"]["MaintenanceWindow"];
            /** @description deploymentBase fetches since the device's last feedback. */
            deploymentFetchCount: number;
            lastStatusCode?: number;
            /** Format: int64 */
            distributionSetId?: number;
            /**
             * Format: int64
             * @description The rollout that made the action; absent for other actions.
             */
            rollout?: number;
            /** @description That rollout's name. */
            rolloutName?: string;
            _links: components["schemas"]["Links"];
        };
        ActionPage: {
            content: components["schemas"]["Action"][];
            total: number;
            size: number;
        };
        /** @description Ids of actions to delete; ids that name no action are ignored. */
        ActionIds: number[];
        ActionUpdate: {
            /** @enum {string} */
            forceType: "forced";
        };
        ActionStatusEntry: {
            /** Format: int64 */
            id: number;
            /** @example running */
            type: string;
            messages: string[];
            /** Format: int64 */
            reportedAt: number;
            /** Format: int64 */
            timestamp: number;
            code?: number;
        };
        ActionStatusPage: {
            content: components["schemas"]["ActionStatusEntry"][];
            total: number;
            size: number;
        };
        AutoConfirmState: {
            active: boolean;
            initiator?: string;
            remark?: string;
            /** Format: int64 */
            activatedAt?: number;
            _links: components["schemas"]["Links"];
        };
        AutoConfirmActivation: {
            initiator?: string | null;
            remark?: string | null;
        };
        /**
         * @description A target filter (hawkBit MgmtTargetFilterQuery). The auto-assignment fields are those of the
         *     auto-assignment named like the filter with its query (`/rest/v1/autoassignments`, where one created
         *     there may use downloadonly); they are always present, null while no set is attached; `confirmationRequired` is null while the confirmation flow is off, and
         *     `autoAssignWeight` is always null.
         */
        TargetFilter: {
            /**
             * Format: int64
             * @example 5
             */
            id: number;
            /** @example berlin-gateways */
            name: string;
            /** @example group==eu/berlin;name==gw-* */
            query: string;
            /**
             * Format: int64
             * @description Id of the auto-assigned set.
             * @example 3
             */
            autoAssignDistributionSet: number | null;
            /**
             * @example forced
             * @enum {string|null}
             */
            autoAssignActionType: "forced" | "soft" | "downloadonly" | null;
            /** @example null */
            autoAssignWeight: number | null;
            /** @example null */
            confirmationRequired: boolean | null;
            /** @description `self`, `autoAssignDS`. */
            _links: components["schemas"]["Links"];
        } & components["schemas"]["Audit"];
        TargetFilterPage: {
            content: components["schemas"]["TargetFilter"][];
            total: number;
            size: number;
        };
        TargetFilterRequest: {
            /**
             * @description Unique among filters.
             * @example berlin-gateways
             */
            name: string;
            /**
             * @description FIQL over the target fields of the target list (README, Management API); checked when saved.
             * @example group==eu/berlin;name==gw-*
             */
            query: string;
        };
        /** @description Fields to change; omitted or null fields keep their value. */
        TargetFilterUpdate: {
            name?: string | null;
            query?: string | null;
        };
        AutoAssignmentRequest: {
            id: components["schemas"]["Id"];
            /** @description forced (default) or soft; timeforced and downloadonly are refused. */
            type?: components["schemas"]["ActionType"];
            /**
             * @description With the confirmation flow on, whether devices confirm first (default true); targets that
             *     auto-confirm never wait. Ignored while the flow is off.
             */
            confirmationRequired?: boolean | null;
            /**
             * Format: int32
             * @description Accepted for hawkBit clients and ignored; Falconet has no action weights.
             */
            weight?: number | null;
        };
        /**
         * @description controllerIds of the targets; all must exist, or nothing changes.
         * @example [
         *       "dev-1",
         *       "dev-2"
         *     ]
         */
        GroupAssignment: string[];
        /**
         * @description controllerIds of the targets.
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
        /**
         * @description Exactly one of `amountGroups` and `groups`.
         * @example {
         *       "name": "eu-wave",
         *       "targetFilterQuery": "group==eu*",
         *       "distributionSetId": 6,
         *       "amountGroups": 5,
         *       "type": "forced",
         *       "successCondition": {
         *         "condition": "THRESHOLD",
         *         "expression": "50"
         *       },
         *       "errorCondition": {
         *         "condition": "THRESHOLD",
         *         "expression": "20"
         *       }
         *     }
         */
        RolloutRequest: {
            name: string;
            description?: string | null;
            /** @description FIQL over the target fields, e.g. `group==eu*`. */
            targetFilterQuery: string;
            distributionSetId: components["schemas"]["Id"];
            /**
             * Format: int32
             * @description Static groups the matching targets are split into evenly; 0 is not accepted.
             */
            amountGroups?: number;
            /** @description Custom groups instead of amountGroups, in order; not with `dynamic`. */
            groups?: components["schemas"]["GroupRequest"][];
            type?: components["schemas"]["ActionType"];
            /**
             * Format: int64
             * @description Epoch milliseconds, with type timeforced.
             */
            forcetime?: number | null;
            /**
             * Format: int64
             * @description Epoch milliseconds: once `ready` (approved, when approval is on), the rollout starts itself at the first
             *     evaluation at or after this time.
             */
            startAt?: number | null;
            successCondition?: components["schemas"]["Condition"];
            successAction?: components["schemas"]["SuccessAction"];
            errorCondition?: components["schemas"]["Condition"];
            errorAction?: components["schemas"]["ErrorAction"];
            /** @description With the confirmation flow on, whether the groups' actions wait for the device's confirmation (default true). */
            confirmationRequired?: boolean;
            soakTime?: components["schemas"]["SoakTime"];
            /** @description A trailing dynamic group keeps absorbing newly matching targets. */
            dynamic?: boolean;
            dynamicGroupTemplate?: components["schemas"]["DynamicGroupTemplate"];
        };
        RolloutGroupRequest: components["schemas"]["GroupRequest"];
        /**
         * @description hawkBit's name and description, and startAt (a Falconet addition), each changed only when present.
         *     startAt changes only before the start (ready, waiting_for_approval; else 400 illegalState); null unschedules.
         */
        RolloutUpdate: {
            name?: string;
            description?: string | null;
            /** Format: int64 */
            startAt?: number | null;
        };
        Rollout: components["schemas"]["Audit"] & {
            /** Format: int64 */
            id: number;
            name: string;
            description?: string;
            targetFilterQuery: string;
            /** Format: int64 */
            distributionSetId: number;
            status: components["schemas"]["RolloutStatus"];
            type: components["schemas"]["ActionType"];
            /** Format: int64 */
            forcetime?: number;
            /**
             * Format: int64
             * @description When the rollout starts itself (epoch milliseconds), if scheduled.
             */
            startAt?: number;
            soakTime?: components["schemas"]["SoakTime"];
            totalTargets: number;
            totalTargetsPerStatus: components["schemas"]["TargetCounts"];
            amountGroups: number;
            totalGroups: number;
            successCondition: components["schemas"]["Condition"];
            errorCondition?: components["schemas"]["Condition"];
            dynamic: boolean;
            dynamicGroupTemplate?: components["schemas"]["DynamicGroupTemplate"];
            deleted: boolean;
            approveDecidedBy?: string;
            approvalRemark?: string;
            _links: components["schemas"]["Links"];
        };
        RolloutPage: {
            content: components["schemas"]["Rollout"][];
            total: number;
            size: number;
        };
        RolloutGroup: components["schemas"]["Audit"] & {
            /** Format: int64 */
            id: number;
            /** @example group-1 */
            name: string;
            description?: string;
            status: components["schemas"]["GroupStatus"];
            /** @description true for the groups of the trailing dynamic part. */
            dynamic: boolean;
            totalTargets: number;
            totalTargetsPerStatus: components["schemas"]["TargetCounts"];
            /** @description The group's capacity, against which thresholds are measured. */
            targetCount?: number;
            /** @description The group's own filter (custom groups only). */
            targetFilterQuery?: string;
            /** @description The group's share as created (static groups). */
            targetPercentage?: number;
            successCondition: components["schemas"]["Condition"];
            successAction: components["schemas"]["SuccessAction"];
            errorCondition?: components["schemas"]["Condition"];
            errorAction?: components["schemas"]["ErrorAction"];
            /** @description Shown while the confirmation flow is on. */
            confirmationRequired?: boolean;
            soakTime?: components["schemas"]["SoakTime"];
            _links: components["schemas"]["Links"];
        };
        RolloutGroupPage: {
            content: components["schemas"]["RolloutGroup"][];
            total: number;
            size: number;
        };
        Statistics: {
            /** @example 1200 */
            totalTargets: number;
            targetsByStatus: {
                unknown: number;
                registered: number;
                pending: number;
                in_sync: number;
                error: number;
            };
            totalDistributionSets: number;
            totalSoftwareModules: number;
            totalActions: number;
            activeActions: number;
            totalRollouts: number;
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
        Webhook: components["schemas"]["Audit"] & {
            /**
             * Format: int64
             * @example 1
             */
            id: number;
            /** @example CI pipeline */
            name: string;
            /** @example https://ci.example.com/hooks/falconet */
            url: string;
            /**
             * @description A disabled subscription receives no new events; its pending deliveries wait.
             * @example true
             */
            enabled: boolean;
            eventTypes: components["schemas"]["EventType"][];
            _links: components["schemas"]["Links"];
        };
        /** @description The new subscription with its secret, the only answer that carries it. */
        CreatedWebhook: components["schemas"]["Webhook"] & {
            /** @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw */
            secret: string;
        };
        WebhookPage: {
            content: components["schemas"]["Webhook"][];
            /** Format: int64 */
            total: number;
            /** Format: int32 */
            size: number;
        };
        WebhookRequest: {
            name: string;
            /** @description An absolute http or https URL without credentials; anything else is 400. Its host may not be a loopback, link-local, private, unique-local or unspecified address in any spelling, nor a `localhost` name (400), unless `[webhooks] allow_private_destinations` or `allowed_private_networks` allows it; a name is checked again against every address it resolves to at each delivery. */
            url: string;
            /** @description `whsec_` and the base64 of 24 to 64 bytes; generated when absent. Never returned after creation. */
            secret?: string;
            eventTypes: components["schemas"]["EventType"][];
            /** @description Defaults to true. */
            enabled?: boolean;
        };
        /** @description Absent fields keep their value; `eventTypes` replaces the list. */
        WebhookUpdate: {
            name?: string;
            /** @description As in WebhookRequest; the same rules apply. */
            url?: string;
            secret?: string;
            eventTypes?: components["schemas"]["EventType"][];
            enabled?: boolean;
        };
        WebhookDelivery: components["schemas"]["Delivery"];
        WebhookDeliveryPage: components["schemas"]["DeliveryPage"];
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
            /** @description What hawkBit names the linked entity by (a target's name, a set's `name:version`, a rollout's name). */
            name?: string;
        };
        /** @description HAL links of the entity, by relation name. */
        Links: {
            [key: string]: components["schemas"]["Link"];
        };
        /**
         * Format: int64
         * @description An entity id; ids outside the stored range are refused as malformed.
         * @example 7
         */
        Id: number;
        IdReference: {
            id: components["schemas"]["Id"];
        };
        IdReferences: components["schemas"]["IdReference"][];
        SoftwareModuleRequests: components["schemas"]["SoftwareModuleRequest"][];
        SoftwareModuleMetadataEntries: components["schemas"]["SoftwareModuleMetadataEntry"][];
        DistributionSetRequests: components["schemas"]["DistributionSetRequest"][];
        /**
         * @description waiting_for_approval (created while `auto_assignment_approval_enabled` is on), approval_denied
         *     (terminal), ready (runs from its startAt, or at once without one), running, paused.
         * @example running
         * @enum {string}
         */
        AutoAssignmentStatus: "waiting_for_approval" | "approval_denied" | "ready" | "running" | "paused";
        /**
         * @example forced
         * @enum {string}
         */
        AutoAssignmentActionType: "forced" | "soft" | "downloadonly";
        /**
         * @description An auto-assignment (hawkBit MgmtAutoAssignmentResponseBody). Absent rather than null: description,
         *     startAt, approvalDecidedBy, approvalRemark; weight is never given.
         */
        AutoAssignment: {
            /**
             * Format: int64
             * @example 3
             */
            id: number;
            /** @example eu-gateways-2.1 */
            name: string;
            /** @example All gateways in Europe get 2.1 */
            description?: string;
            /** @example group==eu/* */
            targetFilterQuery: string;
            /**
             * Format: int64
             * @example 6
             */
            distributionSetId: number;
            status: components["schemas"]["AutoAssignmentStatus"];
            /**
             * Format: int64
             * @example 1795243215765
             */
            startAt?: number;
            actionType: components["schemas"]["AutoAssignmentActionType"];
            /** @example false */
            confirmationRequired: boolean;
            /** @example admin */
            approvalDecidedBy?: string;
            /** @example Checked against the release plan */
            approvalRemark?: string;
            /**
             * @description `self`, `distributionset` (named `name:version`), and the move the status allows: `approve` and
             *     `deny` (waiting_for_approval), `start` (ready), `pause` (running), `resume` (paused).
             */
            _links: components["schemas"]["Links"];
        } & components["schemas"]["Audit"];
        AutoAssignmentPage: {
            content: components["schemas"]["AutoAssignment"][];
            total: number;
            size: number;
        };
        /**
         * @description Counts by status (hawkBit's upper-case status names), and `total`, their sum.
         * @example {
         *       "RUNNING": 2,
         *       "FINISHED": 5,
         *       "total": 7
         *     }
         */
        StatusCounts: {
            [key: string]: number;
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
        TagRequests: components["schemas"]["TagRequest"][];
        Tags: components["schemas"]["Tag"][];
        TargetRequests: components["schemas"]["TargetRequest"][];
        Targets: components["schemas"]["Target"][];
        Group: string;
        AutoAssignmentCreate: {
            /**
             * @description Unique among auto-assignments.
             * @example eu-gateways-2.1
             */
            name: string;
            /** @example All gateways in Europe get 2.1 */
            description?: string | null;
            /**
             * @description FIQL over the target fields of the target list; checked when saved.
             * @example group==eu/*
             */
            targetFilterQuery: string;
            distributionSetId: components["schemas"]["Id"];
            /**
             * Format: int64
             * @description Epoch milliseconds; a ready auto-assignment starts itself at the first sweep at or after it.
             * @example 1795243215765
             */
            startAt?: number | null;
            /**
             * @description forced (default), soft or downloadonly; timeforced is refused.
             * @example forced
             * @enum {string|null}
             */
            actionType?: "forced" | "soft" | "timeforced" | "downloadonly" | null;
            /**
             * Format: int32
             * @description Accepted for hawkBit clients and ignored; Falconet has no action weights.
             */
            weight?: number | null;
            /**
             * @description With the confirmation flow on, whether devices confirm first (default: whether the flow is on);
             *     targets that auto-confirm never wait. Ignored while the flow is off.
             */
            confirmationRequired?: boolean | null;
        };
        /** @description Name and description; omitted or null fields keep their value. */
        AutoAssignmentUpdate: {
            name?: string | null;
            description?: string | null;
        };
        /** @enum {string} */
        RolloutStatus: "ready" | "waiting_for_approval" | "approval_denied" | "running" | "paused" | "stopping" | "stopped" | "finished";
        /**
         * @description HH:mm:ss, hours beyond 23 allowed (up to 9999). A group succeeds no sooner than this long after it
         *     started, even when its success condition is met, so the next group waits; its error condition keeps
         *     being checked meanwhile. `triggerNextGroup` starts the next group regardless. 00:00:00 or omitted: none.
         * @example 24:00:00
         */
        SoakTime: string;
        /**
         * @description Targets by the state of their action: notstarted (rollout not started), scheduled (group waiting, no
         *     action yet), running (in flight, also canceling and waiting for confirmation), finished, error, cancelled.
         */
        TargetCounts: {
            notstarted: number;
            scheduled: number;
            running: number;
            error: number;
            finished: number;
            cancelled: number;
        };
        /** @description A threshold, as a percentage of a group's capacity. */
        Condition: {
            /** @enum {string} */
            condition?: "THRESHOLD";
            /**
             * @description 0 to 100; omitted, 100.
             * @example 80
             */
            expression?: string;
        };
        DynamicGroupTemplate: {
            /**
             * @description Appended to the generated group-<n> name.
             * @example -dyn
             */
            nameSuffix?: string;
            /**
             * Format: int32
             * @description Targets one dynamic group takes before the next opens (default the last static group's size).
             */
            targetCount?: number;
        };
        /** @description What happens once a group meets its success condition. */
        SuccessAction: {
            /**
             * @description NEXTGROUP (default) starts the next group; PAUSE pauses the rollout while groups remain.
             * @enum {string}
             */
            action?: "NEXTGROUP" | "PAUSE";
            /**
             * @description Ignored, as in hawkBit.
             * @example
             */
            expression?: string;
        };
        /** @description What happens once a group meets its error condition. */
        ErrorAction: {
            /**
             * @description The group becomes `error` and the rollout `paused`.
             * @enum {string}
             */
            action?: "PAUSE";
            /**
             * @description Ignored, as in hawkBit.
             * @example
             */
            expression?: string;
        };
        /**
         * @description One custom deploy group. Conditions, actions, confirmationRequired and soakTime left out take the
         *     rollout's.
         */
        GroupRequest: {
            /** @description Unique within the rollout (409). */
            name: string;
            description?: string | null;
            /** @description FIQL over the target fields, narrowing the rollout's filter for this group. */
            targetFilterQuery?: string;
            /**
             * @description Share, 1 to 100 (default 100), of the targets matching the rollout's and this group's filters; groups
             *     with the same group filter take theirs in turn from what the earlier ones left.
             * @example 10
             */
            targetPercentage?: number;
            successCondition?: components["schemas"]["Condition"];
            successAction?: components["schemas"]["SuccessAction"];
            errorCondition?: components["schemas"]["Condition"];
            errorAction?: components["schemas"]["ErrorAction"];
            /** @description With the confirmation flow on, whether this group's actions wait for the device's confirmation (default true). */
            confirmationRequired?: boolean;
            soakTime?: components["schemas"]["SoakTime"];
        };
        /** @enum {string} */
        GroupStatus: "ready" | "scheduled" | "running" | "finished" | "error" | "stopped";
        /** @enum {string} */
        EventType: "target.created" | "target.registered" | "target.updateStatusChanged" | "action.created" | "action.statusChanged" | "action.closed" | "rollout.statusChanged" | "rolloutGroup.finished" | "distributionSet.invalidated" | "artifact.uploaded";
        WebhookRequests: components["schemas"]["WebhookRequest"][];
        CreatedWebhooks: components["schemas"]["CreatedWebhook"][];
        Delivery: {
            /** Format: int64 */
            id: number;
            /**
             * @description The `webhook-id` header of every attempt; receivers deduplicate by it.
             * @example msg_0d3e7b4c-2f63-4c1b-9a8e-6b8f0c1d2e3f
             */
            messageId: string;
            eventType: components["schemas"]["EventType"];
            /** @description The request body sent, `{type, timestamp, data}`. */
            payload: Record<string, never>;
            /**
             * @description `dead`: the last allowed attempt failed (dead letter).
             * @enum {string}
             */
            status: "pending" | "delivered" | "dead";
            /** Format: int32 */
            attempts: number;
            /**
             * Format: int64
             * @description While pending; epoch milliseconds.
             */
            nextAttemptAt?: number;
            /** Format: int64 */
            lastAttemptAt?: number;
            /**
             * Format: int32
             * @description The receiver's HTTP status of the last attempt, when it answered.
             */
            lastResponseCode?: number;
            /** @description Why the last attempt got no answer (timeout, refused connection …); `refused: private destination` when the host resolved to an address the destination rule refuses, which was then not contacted. */
            lastError?: string;
            /** Format: int64 */
            deliveredAt?: number;
            /** Format: int64 */
            createdAt: number;
        };
        DeliveryPage: {
            content: components["schemas"]["Delivery"][];
            /** Format: int64 */
            total: number;
            /** Format: int32 */
            size: number;
        };
        ConfigurationValueUpdate: {
            /** @description Ignored; the configuration is read-only. */
            value?: unknown;
        };
        AuditEntry: {
            /**
             * Format: int64
             * @example 42
             */
            id: number;
            /**
             * Format: int64
             * @description When the change was answered, epoch milliseconds.
             * @example 1764072000000
             */
            at: number;
            /**
             * @description The operator account that made the change (the one logging in, for a login).
             * @example admin
             */
            actor: string;
            /**
             * @description The operationId of the request in this document.
             * @example updateTarget
             */
            operation: string;
            /** @example PUT */
            method: string;
            /**
             * @description The request path as sent, without the query.
             * @example /rest/v1/targets/dev-1
             */
            path: string;
            /**
             * @description The collection the path names (`targets`, `distributionsets`, `rollouts`, `login` …).
             * @example targets
             */
            entityType: string;
            /**
             * @description The entity the path names (its first path parameter: an id, a controllerId, a group), or without
             *     one the ids of the entities a 201 created (`id`, `controllerId` for targets); empty otherwise.
             * @example [
             *       "dev-1"
             *     ]
             */
            entityIds: string[];
            /**
             * Format: int32
             * @description The HTTP status answered.
             * @example 200
             */
            status: number;
            /**
             * @description The request id of the log lines and of the `X-Request-Id` response header.
             * @example 2f0c0c1e-6c1f-4d5e-9a55-8a0f4a3b2c11
             */
            requestId: string;
            /**
             * @description The socket peer, or the trusted proxy header's rightmost address (`[ddi] trusted_proxy_header`).
             * @example 192.0.2.7
             */
            clientAddress: string;
            /**
             * @description For an update (PUT) with a JSON object body: the fields the body names, as the entity's GET showed
             *     them just before the change (token and password fields masked); null otherwise.
             * @example {
             *       "name": "old name"
             *     }
             */
            before: {
                [key: string]: unknown;
            } | null;
            /**
             * @description The same fields as the update answered them (or as the body gave them); null otherwise.
             * @example {
             *       "name": "new name"
             *     }
             */
            after: {
                [key: string]: unknown;
            } | null;
        };
        AuditEntryPage: {
            content: components["schemas"]["AuditEntry"][];
            /** Format: int64 */
            total: number;
            /** Format: int32 */
            size: number;
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
        /**
         * @description A state-changing request that a page of another site made the browser send
         *     (`hawkbit.server.error.rest.crossSiteRequest`): `Sec-Fetch-Site` is `cross-site` or `same-site`, or
         *     `Origin` is not this server's; or, with `url` or `allowed_hosts` set, a browser's request (session
         *     cookie, `Origin` or `Sec-Fetch-Site`) names another `Host` (decision 197). Nothing is changed.
         */
        CrossSiteRequest: {
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
        /** @description A per-entity quota is exceeded (`hawkbit.server.error.quota.tooManyEntries`). */
        QuotaExceeded: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description The module types of that kind, ordered by id (not paged). */
        DistributionSetTypeModuleTypes: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["SoftwareModuleTypes"];
            };
        };
        /** @description Distribution sets of this type exist, so its module types cannot change (`entityInUse`). */
        DistributionSetTypeModulesLocked: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description The module type. */
        DistributionSetTypeModuleType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["SoftwareModuleType"];
            };
        };
        /** @description No such distribution-set type, or the module type is not one of its module types of that kind. */
        DistributionSetTypeModuleTypeNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
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
        /** @description The set is referenced by actions or rollouts; its modules cannot change (`hawkbit.server.error.locked`). */
        "responses-Locked": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description The counters (hawkBit's MgmtDistributionSetStatistics). */
        Statistics: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["DistributionSetStatistics"];
            };
        };
        /**
         * @description An action named (or matched by `q`) is active, or is the finished action behind its target's
         *     installedBase link (`hawkbit.server.error.action.notDeletable`); nothing is deleted.
         */
        NotDeletable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description The action is closed (`hawkbit.server.error.action.notActive`). */
        NotActive: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /**
         * @description The action is closed, or already canceling and `force` is not set (`hawkbit.server.error.action.notCancelable`,
         *     with `force` `hawkbit.server.error.action.notForceQuitable`).
         */
        NotCancelable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description Auto-confirm is already active (`hawkbit.server.error.repo.autoConfAlreadyActive`). */
        AutoConfirmActive: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description The targets are in the group now; no body. */
        Moved: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /**
         * @description Malformed body (`hawkbit.server.error.rest.body.notReadable`), or a query that does not parse or names
         *     an unknown target field (`hawkbit.server.error.rest.param.rsqlParamSyntax`, `rsqlInvalidField`).
         */
        BadFilter: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /**
         * @description Malformed body (`hawkbit.server.error.rest.body.notReadable`), an action type other than forced or
         *     soft (`hawkbit.server.error.repo.invalidAutoAssignActionType`), an invalidated set
         *     (`hawkbit.server.error.distributionset.invalid`) or an incomplete one
         *     (`hawkbit.server.error.distributionset.incomplete`).
         */
        BadAutoAssignment: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /**
         * @description Malformed body (`hawkbit.server.error.rest.body.notReadable`), a query that does not parse or names
         *     an unknown target field (`rsqlParamSyntax`, `rsqlInvalidField`), the action type timeforced
         *     (`hawkbit.server.error.repo.invalidAutoAssignActionType`), an invalidated set
         *     (`hawkbit.server.error.distributionset.invalid`) or an incomplete one
         *     (`hawkbit.server.error.distributionset.incomplete`).
         */
        "responses-BadAutoAssignment": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /** @description Done; no body. */
        Done: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /**
         * @description The auto-assignment's status does not allow the operation
         *     (`hawkbit.server.error.auto.assignment.illegalState`).
         */
        IllegalState: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /**
         * @description Malformed request, or the rollout's status does not allow the operation
         *     (`hawkbit.server.error.rollout.illegalState`).
         */
        "responses-IllegalState": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ExceptionInfo"];
            };
        };
        /**
         * @description The configuration comes from the server's file (`hawkbit.server.error.repo.tenantConfigurationValueChangeNotAllowed`);
         *     a request another site's page sent is refused first (`hawkbit.server.error.rest.crossSiteRequest`).
         */
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
        /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
        Query: string;
        /** @example 1 */
        SoftwareModuleTypeId: number;
        /** @example 2 */
        DistributionSetTypeId: number;
        /** @example 1 */
        TargetTypeId: number;
        /** @example 12 */
        SoftwareModuleId: number;
        /** @description hawkBit's representation of list entries. Without it, entries carry all their fields and links (hawkBit's `full`); `compact` keeps only the `self` link and leaves out the approval details of rollouts, never the fields every entry has (counts stay). Any other value is 400. */
        Representation: "compact" | "full";
        /** @description hawkBit builds the download links through its artifact URL handler when this is true. Falconet has no such handler, its links are always the management download; `true` is refused with 400 rather than answered with other links than asked for. */
        UseArtifactUrlHandler: false;
        /** @example 3 */
        ArtifactId: number;
        /** @example hwRevision */
        MetadataKey: string;
        /** @example 1 */
        DistributionSetId: number;
        /**
         * @description Record the set as installed by other means: each target gets one action created `finished`, the set
         *     as its assigned and installed set, and `in_sync`; the device is never asked. A target with the set
         *     assigned or with an active action is skipped (`alreadyAssigned`).
         */
        Offline: boolean;
        /** @example 1 */
        DistributionSetTagId: number;
        /**
         * @description The target's controllerId.
         * @example dev-1
         */
        TargetId: string;
        /**
         * @description Delete every closed action of the target but its newest `keepLast` actions (of any status); active
         *     actions and the one behind the target's installedBase are kept. A negative value counts as absent.
         * @example 10
         */
        KeepLast: number;
        /**
         * @description Ids outside the stored range name no action (404).
         * @example 1
         */
        ActionId: number;
        /** @description Cancel at once, without asking the device (from any active state). */
        Force: boolean;
        /**
         * @description FIQL over actions (detailStatus, status) selecting the actions to delete; not together with a body.
         * @example detailStatus==canceled
         */
        PurgeQuery: string;
        /** @example 1 */
        TargetTagId: number;
        /** @description hawkBit's handling of unknown controllerIds: `FAIL` (default) changes nothing and answers 404; `ON_WHAT_FOUND_AND_FAIL` changes the known targets, then answers 404 naming the unknown ones; `ON_WHAT_FOUND_AND_SUCCESS` changes the known targets and answers 204. */
        OnNotFoundPolicy: "FAIL" | "ON_WHAT_FOUND_AND_FAIL" | "ON_WHAT_FOUND_AND_SUCCESS";
        /** @example dev-1 */
        ControllerId: string;
        /**
         * @description The group; it may contain `/` (`eu/berlin`).
         * @example eu/berlin
         */
        GroupQuery: components["schemas"]["Group"];
        /**
         * @description FIQL over targets (the target list's fields) choosing the targets to move.
         * @example controllerId==dev-*
         */
        TargetQuery: string;
        /** @description Also the targets of the group's subgroups (`eu` takes in `eu/berlin` and `eu/berlin/lab`). */
        Subgroups: boolean;
        /**
         * @description The group, exactly (no subgroups).
         * @example eu
         */
        GroupPath: components["schemas"]["Group"];
        /** @example 1 */
        TargetFilterQueryId: number;
        /**
         * @description Ids outside the stored range name no auto-assignment (404).
         * @example 3
         */
        AutoAssignmentId: number;
        /**
         * @description Recorded as the auto-assignment's approvalRemark.
         * @example Checked against the release plan
         */
        Remark: string;
        /**
         * @description Ids outside the stored range name no rollout (404).
         * @example 1
         */
        RolloutId: number;
        /**
         * @description Recorded as the rollout's approvalRemark.
         * @example Checked against the release plan
         */
        "parameters-Remark": string;
        /**
         * @description A deploy group of the rollout.
         * @example 1
         */
        GroupId: number;
        /** @example 1 */
        WebhookId: number;
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
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process can serve requests that need the database. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "ok";
                };
            };
            /** @description The database does not answer or is not migrated, or the artifact store does not answer (`hawkbit.server.error.notReady`). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The exposition text. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description `[metrics] token` is set and the request does not carry it (`hawkbit.server.error.unauthorized`). */
            401: {
                headers: {
                    /** @description `Bearer realm="falconet-metrics"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            /** @description `[metrics] enabled = false` (`hawkbit.server.error.rest.notFound`). */
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
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "username": "admin",
                 *       "password": "admin"
                 *     }
                 */
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
            /**
             * @description Wrong username or password (`hawkbit.server.error.unauthorized`). No `WWW-Authenticate` header:
             *     a login form must not make the browser ask for a password itself.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            403: components["responses"]["CrossSiteRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
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
            403: components["responses"]["CrossSiteRequest"];
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
    validateBasicAuth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account behind the request's credentials. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserInfo"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getManagementApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The document has the ETag the request names in `If-None-Match`. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getDeviceApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The document has the ETag the request names in `If-None-Match`. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getSoftwareModuleTypes: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of types. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SoftwareModuleTypePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createSoftwareModuleTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "key": "bootloader",
                 *         "name": "Bootloader",
                 *         "description": "Second-stage bootloader",
                 *         "colour": "#aa0000",
                 *         "maxAssignments": 1
                 *       }
                 *     ]
                 */
                "application/json": components["schemas"]["SoftwareModuleTypeCreateRequests"];
            };
        };
        responses: {
            /** @description The created types, in request order. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SoftwareModuleTypes"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSoftwareModuleType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                softwareModuleTypeId: components["parameters"]["SoftwareModuleTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The type. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SoftwareModuleType"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateSoftwareModuleType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                softwareModuleTypeId: components["parameters"]["SoftwareModuleTypeId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "Second-stage bootloader (U-Boot)",
                 *       "colour": "#b71c1c"
                 *     }
                 */
                "application/json": components["schemas"]["SoftwareModuleTypeUpdateRequest"];
            };
        };
        responses: {
            /** @description The changed type. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SoftwareModuleType"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteSoftwareModuleType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                softwareModuleTypeId: components["parameters"]["SoftwareModuleTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getDistributionSetTypes: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of types. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DistributionSetTypePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createDistributionSetTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "key": "os_bootloader",
                 *         "name": "OS with bootloader",
                 *         "description": "Operating system, with a bootloader update when one is needed",
                 *         "colour": "#1e90ff",
                 *         "mandatorymodules": [
                 *           {
                 *             "id": 1
                 *           }
                 *         ],
                 *         "optionalmodules": [
                 *           {
                 *             "id": 2
                 *           }
                 *         ]
                 *       }
                 *     ]
                 */
                "application/json": components["schemas"]["DistributionSetTypeCreateRequests"];
            };
        };
        responses: {
            /** @description The created types, in request order. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DistributionSetTypes"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getDistributionSetType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The type. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DistributionSetType"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateDistributionSetType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "Operating system, optionally with a new bootloader",
                 *       "colour": "#0d47a1"
                 *     }
                 */
                "application/json": components["schemas"]["DistributionSetTypeUpdateRequest"];
            };
        };
        responses: {
            /** @description The changed type. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DistributionSetType"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteDistributionSetType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getMandatoryModuleTypes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DistributionSetTypeModuleTypes"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    addMandatoryModuleType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": 1
                 *     }
                 */
                "application/json": components["schemas"]["IdReference"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["DistributionSetTypeModulesLocked"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getMandatoryModuleType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
                /** @example 1 */
                softwareModuleTypeId: components["parameters"]["SoftwareModuleTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DistributionSetTypeModuleType"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["DistributionSetTypeModuleTypeNotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    removeMandatoryModuleType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
                /** @example 1 */
                softwareModuleTypeId: components["parameters"]["SoftwareModuleTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["DistributionSetTypeModuleTypeNotFound"];
            409: components["responses"]["DistributionSetTypeModulesLocked"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getOptionalModuleTypes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DistributionSetTypeModuleTypes"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    addOptionalModuleType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": 2
                 *     }
                 */
                "application/json": components["schemas"]["IdReference"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["DistributionSetTypeModulesLocked"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getOptionalModuleType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
                /** @example 1 */
                softwareModuleTypeId: components["parameters"]["SoftwareModuleTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DistributionSetTypeModuleType"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["DistributionSetTypeModuleTypeNotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    removeOptionalModuleType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
                /** @example 1 */
                softwareModuleTypeId: components["parameters"]["SoftwareModuleTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["DistributionSetTypeModuleTypeNotFound"];
            409: components["responses"]["DistributionSetTypeModulesLocked"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTargetTypes: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of types. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetTypePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTargetTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "name": "Gateway",
                 *         "key": "gateway",
                 *         "description": "Edge gateways",
                 *         "colour": "#aaafff",
                 *         "compatibledistributionsettypes": [
                 *           {
                 *             "id": 2
                 *           }
                 *         ]
                 *       }
                 *     ]
                 */
                "application/json": components["schemas"]["TargetTypeCreateRequests"];
            };
        };
        responses: {
            /** @description The created types, in request order. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetTypes"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getTargetType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetTypeId: components["parameters"]["TargetTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The type. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetType"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateTargetType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetTypeId: components["parameters"]["TargetTypeId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Edge gateway",
                 *       "description": "Edge gateways in the field",
                 *       "colour": "#5c6bc0"
                 *     }
                 */
                "application/json": components["schemas"]["TargetTypeUpdateRequest"];
            };
        };
        responses: {
            /** @description The changed type. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetType"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTargetType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetTypeId: components["parameters"]["TargetTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getCompatibleDistributionSetTypes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetTypeId: components["parameters"]["TargetTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The compatible types, ordered by id (not paged). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DistributionSetTypes"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    addCompatibleDistributionSetTypes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetTypeId: components["parameters"]["TargetTypeId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "id": 1
                 *       },
                 *       {
                 *         "id": 2
                 *       }
                 *     ]
                 */
                "application/json": components["schemas"]["IdReferences"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    removeCompatibleDistributionSetType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetTypeId: components["parameters"]["TargetTypeId"];
                /** @example 2 */
                distributionSetTypeId: components["parameters"]["DistributionSetTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
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
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
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
            429: components["responses"]["TooManyRequests"];
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
                /**
                 * @example [
                 *       {
                 *         "name": "linux-image",
                 *         "version": "6.1.55",
                 *         "type": "os",
                 *         "vendor": "ACME",
                 *         "description": "Kernel and root file system"
                 *       }
                 *     ]
                 */
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
            403: components["responses"]["CrossSiteRequest"];
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
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
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
            429: components["responses"]["TooManyRequests"];
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
                /**
                 * @example {
                 *       "vendor": "ACME Embedded",
                 *       "description": "Kernel and root file system, hardened build"
                 *     }
                 */
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getArtifacts: {
        parameters: {
            query?: {
                /** @description hawkBit's representation of list entries. Without it, entries carry all their fields and links (hawkBit's `full`); `compact` keeps only the `self` link and leaves out the approval details of rollouts, never the fields every entry has (counts stay). Any other value is 400. */
                representation?: components["parameters"]["Representation"];
                /** @description hawkBit builds the download links through its artifact URL handler when this is true. Falconet has no such handler, its links are always the management download; `true` is refused with 400 rather than answered with other links than asked for. */
                useartifacturlhandler?: components["parameters"]["UseArtifactUrlHandler"];
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
            429: components["responses"]["TooManyRequests"];
        };
    };
    uploadArtifact: {
        parameters: {
            query?: {
                /** @description The name to store instead of the part's file name. */
                filename?: string;
                /** @description Expected MD5 (hex, any case). */
                md5sum?: string;
                /** @description Expected SHA-1 (hex, any case). */
                sha1sum?: string;
                /** @description Expected SHA-256 (hex, any case). */
                sha256sum?: string;
            };
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
            403: components["responses"]["CrossSiteRequest"];
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
            415: components["responses"]["UnsupportedMediaType"];
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
            query?: {
                /** @description hawkBit builds the download links through its artifact URL handler when this is true. Falconet has no such handler, its links are always the management download; `true` is refused with 400 rather than answered with other links than asked for. */
                useartifacturlhandler?: components["parameters"]["UseArtifactUrlHandler"];
            };
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
            429: components["responses"]["TooManyRequests"];
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    downloadArtifact_1: {
        parameters: {
            query?: never;
            header?: {
                Range?: string;
                "If-Range"?: string;
                "If-None-Match"?: string;
                "If-Match"?: string;
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
            /** @description The requested range, or several as multipart/byteranges. */
            206: {
                headers: {
                    /** @description `bytes <first>-<last>/<size>` (one range; each part carries its own when several) */
                    "Content-Range"?: string;
                    ETag: components["headers"]["ETag"];
                    "Last-Modified": components["headers"]["LastModified"];
                    "Accept-Ranges": components["headers"]["AcceptRanges"];
                    "Content-Disposition": components["headers"]["ContentDisposition"];
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
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
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
            429: components["responses"]["TooManyRequests"];
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
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
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
            429: components["responses"]["TooManyRequests"];
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
                /**
                 * @example [
                 *       {
                 *         "key": "hwRevision",
                 *         "value": "2",
                 *         "targetVisible": true
                 *       },
                 *       {
                 *         "key": "buildPipeline",
                 *         "value": "nightly-2026-11-20",
                 *         "targetVisible": false
                 *       }
                 *     ]
                 */
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
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
                /** @example hwRevision */
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
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateSoftwareModuleMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /** @example hwRevision */
                metadataKey: components["parameters"]["MetadataKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "value": "3",
                 *       "targetVisible": true
                 *     }
                 */
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteSoftwareModuleMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 12 */
                softwareModuleId: components["parameters"]["SoftwareModuleId"];
                /** @example hwRevision */
                metadataKey: components["parameters"]["MetadataKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
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
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
                /** @description hawkBit's choice of soft-deleted sets: EXCLUDE_SOFT_DELETED (the default) leaves them out, INCLUDE_SOFT_DELETED lists them too, ONLY_SOFT_DELETED lists only them. */
                soft_deleted_mode?: "EXCLUDE_SOFT_DELETED" | "INCLUDE_SOFT_DELETED" | "ONLY_SOFT_DELETED";
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
            429: components["responses"]["TooManyRequests"];
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
                /**
                 * @example [
                 *       {
                 *         "name": "edge-gateway",
                 *         "version": "2.4.0",
                 *         "type": "os_app",
                 *         "description": "Gateway image with monitoring agent",
                 *         "requiredMigrationStep": false,
                 *         "modules": [
                 *           {
                 *             "id": 1
                 *           },
                 *           {
                 *             "id": 2
                 *           }
                 *         ]
                 *       }
                 *     ]
                 */
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
            403: components["responses"]["CrossSiteRequest"];
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
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
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
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "version": "2.4.1",
                 *       "description": "Gateway image with monitoring agent and log shipper"
                 *     }
                 */
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
            /**
             * @description requiredMigrationStep of a set referenced by actions (`hawkbit.server.error.entityReadOnly`), or a
             *     request another site's page sent (`hawkbit.server.error.rest.crossSiteRequest`, see `CrossSiteRequest`).
             */
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
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    invalidateDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "actionCancelationType": "soft",
                 *       "cancelRollouts": true
                 *     }
                 */
                "application/json": components["schemas"]["InvalidationRequest"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            /**
             * @description Malformed body (`hawkbit.server.error.rest.body.notReadable`), a set already invalidated
             *     (`hawkbit.server.error.distributionset.invalid`) or incomplete (`hawkbit.server.error.distributionset.incomplete`).
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
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
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                /** @example 1 */
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
            429: components["responses"]["TooManyRequests"];
        };
    };
    assignSoftwareModules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "id": 1
                 *       },
                 *       {
                 *         "id": 2
                 *       }
                 *     ]
                 */
                "application/json": components["schemas"]["IdReferences"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadModules"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
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
            415: components["responses"]["UnsupportedMediaType"];
            423: components["responses"]["responses-Locked"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    deleteAssignSoftwareModules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
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
            403: components["responses"]["CrossSiteRequest"];
            /** @description Unknown set, or a module that is not in the set (`entityNotFound`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            423: components["responses"]["responses-Locked"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAssignedTargets_1: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the targets whose assigned set this is. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetPage"];
                };
            };
            400: components["responses"]["BadQuery"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createAssignedTarget: {
        parameters: {
            query?: {
                /**
                 * @description Record the set as installed by other means: each target gets one action created `finished`, the set
                 *     as its assigned and installed set, and `in_sync`; the device is never asked. A target with the set
                 *     assigned or with an active action is skipped (`alreadyAssigned`).
                 */
                offline?: components["parameters"]["Offline"];
            };
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "id": "dev-1",
                 *         "type": "soft"
                 *       },
                 *       {
                 *         "id": "dev-2",
                 *         "type": "timeforced",
                 *         "forcetime": 1900000000000,
                 *         "maintenanceWindow": {
                 *           "schedule": "0 0 2 ? * *",
                 *           "duration": "02:00:00",
                 *           "timezone": "+01:00"
                 *         }
                 *       }
                 *     ]
                 */
                "application/json": components["schemas"]["TargetAssignmentRequests"];
            };
        };
        responses: {
            /** @description The assignment result; `assignedActions` lists the new actions in request order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssignmentResult"];
                };
            };
            /**
             * @description Malformed body (`hawkbit.server.error.rest.body.notReadable`), an invalidated or incomplete set
             *     (`…distributionset.invalid`, `…distributionset.incomplete`), a target type that does not accept the
             *     set (`…target.type.incompatible`), a bad maintenance window (`…maintenanceScheduleInvalid`), or one
             *     controllerId twice with other options (`hawkbit.server.error.multiAssignmentNotEnabled`).
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getInstalledTargets: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the targets whose installed set this is. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetPage"];
                };
            };
            400: components["responses"]["BadQuery"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAutoAssignTargetFilterQueries: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of filters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetFilterPage"];
                };
            };
            400: components["responses"]["BadQuery"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getDistributionSetAutoAssignments: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of auto-assignments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AutoAssignmentPage"];
                };
            };
            400: components["responses"]["BadQuery"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getStatisticsForDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Statistics"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getActionsCountByStatusForDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Statistics"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getRolloutsCountByStatusForDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Statistics"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAutoAssignmentsCountForDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Statistics"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
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
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                /** @example 1 */
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
            429: components["responses"]["TooManyRequests"];
        };
    };
    createDistributionSetMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "key": "hwRevision",
                 *         "value": "2"
                 *       },
                 *       {
                 *         "key": "releaseNotes",
                 *         "value": "https://updates.example.com/edge-gateway/2.4.0"
                 *       }
                 *     ]
                 */
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getDistributionSetMetadataValue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
                /** @example hwRevision */
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
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateDistributionSetMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
                /** @example hwRevision */
                metadataKey: components["parameters"]["MetadataKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "value": "3"
                 *     }
                 */
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteDistributionSetMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
                /** @example hwRevision */
                metadataKey: components["parameters"]["MetadataKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
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
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
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
                /**
                 * @example [
                 *       {
                 *         "name": "stable",
                 *         "description": "Released to the whole fleet",
                 *         "colour": "#2e7d32"
                 *       }
                 *     ]
                 */
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
            403: components["responses"]["CrossSiteRequest"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getDistributionSetTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
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
                /** @example 1 */
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "stable",
                 *       "description": "Released to the whole fleet after the pilot",
                 *       "colour": "#1b5e20"
                 *     }
                 */
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteDistributionSetTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
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
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                /** @example 1 */
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
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
            429: components["responses"]["TooManyRequests"];
        };
    };
    assignDistributionSetsPut: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       1,
                 *       2
                 *     ]
                 */
                "application/json": components["schemas"]["DistributionSetTagAssignment"];
            };
        };
        responses: {
            /** @description Tagged; no body. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    assignDistributionSets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       1,
                 *       2
                 *     ]
                 */
                "application/json": components["schemas"]["DistributionSetTagAssignment"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    unassignDistributionSets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       2
                 *     ]
                 */
                "application/json": components["schemas"]["DistributionSetTagAssignment"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    assignDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
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
                /** @example 1 */
                distributionSetTagId: components["parameters"]["DistributionSetTagId"];
                /** @example 1 */
                distributionSetId: components["parameters"]["DistributionSetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTagsOfDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
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
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
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
                /**
                 * @example [
                 *       {
                 *         "controllerId": "dev-1",
                 *         "name": "Device 1",
                 *         "description": "Lab bench, rack 3",
                 *         "securityToken": "38e6a19932b014040ba061795186514e",
                 *         "address": "http://192.168.0.1",
                 *         "group": "eu/berlin",
                 *         "requestAttributes": true,
                 *         "targetType": 1
                 *       },
                 *       {
                 *         "controllerId": "dev-2",
                 *         "name": "Device 2",
                 *         "group": "eu/berlin"
                 *       }
                 *     ]
                 */
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
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
            400: components["responses"]["BadRequest"];
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
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Device 1",
                 *       "description": "Lab bench, rack 4",
                 *       "group": "eu/berlin",
                 *       "requestAttributes": true
                 *     }
                 */
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTargetAttributes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
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
            400: components["responses"]["BadRequest"];
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
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": 1
                 *     }
                 */
                "application/json": components["schemas"]["IdReference"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    unassignTargetType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
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
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
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
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "key": "hwRevision",
                 *         "value": "2"
                 *       },
                 *       {
                 *         "key": "site",
                 *         "value": "Berlin lab"
                 *       }
                 *     ]
                 */
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getTargetMetadataValue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
                /** @example hwRevision */
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
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateTargetMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
                /** @example hwRevision */
                metadataKey: components["parameters"]["MetadataKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "value": "3"
                 *     }
                 */
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTargetMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
                /** @example hwRevision */
                metadataKey: components["parameters"]["MetadataKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAssignedDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The assigned set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DistributionSet"];
                };
            };
            /** @description No set is assigned. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postAssignedDistributionSet: {
        parameters: {
            query?: {
                /**
                 * @description Record the set as installed by other means: each target gets one action created `finished`, the set
                 *     as its assigned and installed set, and `in_sync`; the device is never asked. A target with the set
                 *     assigned or with an active action is skipped (`alreadyAssigned`).
                 */
                offline?: components["parameters"]["Offline"];
            };
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": 1,
                 *       "type": "forced",
                 *       "maintenanceWindow": {
                 *         "schedule": "0 0 2 ? * *",
                 *         "duration": "02:00:00",
                 *         "timezone": "+01:00"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["AssignmentRequestBody"];
            };
        };
        responses: {
            /** @description The assignment result. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssignmentResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getInstalledDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The installed set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DistributionSet"];
                };
            };
            /** @description Nothing was installed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getActionHistory: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of actions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteActionsForTarget: {
        parameters: {
            query?: {
                /**
                 * @description Delete every closed action of the target but its newest `keepLast` actions (of any status); active
                 *     actions and the one behind the target's installedBase are kept. A negative value counts as absent.
                 * @example 10
                 */
                keepLast?: components["parameters"]["KeepLast"];
            };
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example [
                 *       253,
                 *       255
                 *     ]
                 */
                "application/json": components["schemas"]["ActionIds"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["NotDeletable"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
                /**
                 * @description Ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Action"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
                /**
                 * @description Ids outside the stored range name no action (404).
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
                 *       "forceType": "forced"
                 *     }
                 */
                "application/json": components["schemas"]["ActionUpdate"];
            };
        };
        responses: {
            /** @description The updated action. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Action"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["NotActive"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    cancelAction: {
        parameters: {
            query?: {
                /** @description Cancel at once, without asking the device (from any active state). */
                force?: components["parameters"]["Force"];
            };
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
                /**
                 * @description Ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["NotCancelable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getActionStatusList: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
                /**
                 * @description Ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of status entries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionStatusPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAutoConfirmStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The state, with a link to activate or deactivate it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AutoConfirmState"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    activateAutoConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "initiator": "ops-team",
                 *       "remark": "Lab devices install every update without asking"
                 *     }
                 */
                "application/json": components["schemas"]["AutoConfirmActivation"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["AutoConfirmActive"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deactivateAutoConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The target's controllerId.
                 * @example dev-1
                 */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getActions: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
                /** @description hawkBit's representation of list entries. Without it, entries carry all their fields and links (hawkBit's `full`); `compact` keeps only the `self` link and leaves out the approval details of rollouts, never the fields every entry has (counts stay). Any other value is 400. */
                representation?: components["parameters"]["Representation"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of actions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteActions: {
        parameters: {
            query?: {
                /**
                 * @description FIQL over actions (detailStatus, status) selecting the actions to delete; not together with a body.
                 * @example detailStatus==canceled
                 */
                q?: components["parameters"]["PurgeQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example [
                 *       253,
                 *       255
                 *     ]
                 */
                "application/json": components["schemas"]["ActionIds"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            405: components["responses"]["NotDeletable"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAction_1: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Action"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no action (404).
                 * @example 1
                 */
                actionId: components["parameters"]["ActionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["NotDeletable"];
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
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
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
                /**
                 * @example [
                 *       {
                 *         "name": "europe",
                 *         "description": "Devices deployed in Europe",
                 *         "colour": "#2e7d32"
                 *       }
                 *     ]
                 */
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
            403: components["responses"]["CrossSiteRequest"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTargetTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
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
                /** @example 1 */
                targetTagId: components["parameters"]["TargetTagId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "europe",
                 *       "description": "Devices deployed in the EU and EFTA states",
                 *       "colour": "#1565c0"
                 *     }
                 */
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
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTargetTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetTagId: components["parameters"]["TargetTagId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
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
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                /** @example 1 */
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
    assignTargetsPut: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetTagId: components["parameters"]["TargetTagId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       "dev-1",
                 *       "dev-2"
                 *     ]
                 */
                "application/json": components["schemas"]["TargetTagAssignment"];
            };
        };
        responses: {
            /** @description Tagged; no body. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    assignTargets: {
        parameters: {
            query?: {
                /** @description hawkBit's handling of unknown controllerIds: `FAIL` (default) changes nothing and answers 404; `ON_WHAT_FOUND_AND_FAIL` changes the known targets, then answers 404 naming the unknown ones; `ON_WHAT_FOUND_AND_SUCCESS` changes the known targets and answers 204. */
                onNotFoundPolicy?: components["parameters"]["OnNotFoundPolicy"];
            };
            header?: never;
            path: {
                /** @example 1 */
                targetTagId: components["parameters"]["TargetTagId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       "dev-1",
                 *       "dev-2"
                 *     ]
                 */
                "application/json": components["schemas"]["TargetTagAssignment"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    unassignTargets: {
        parameters: {
            query?: {
                /** @description hawkBit's handling of unknown controllerIds: `FAIL` (default) changes nothing and answers 404; `ON_WHAT_FOUND_AND_FAIL` changes the known targets, then answers 404 naming the unknown ones; `ON_WHAT_FOUND_AND_SUCCESS` changes the known targets and answers 204. */
                onNotFoundPolicy?: components["parameters"]["OnNotFoundPolicy"];
            };
            header?: never;
            path: {
                /** @example 1 */
                targetTagId: components["parameters"]["TargetTagId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       "dev-2"
                 *     ]
                 */
                "application/json": components["schemas"]["TargetTagAssignment"];
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    assignTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetTagId: components["parameters"]["TargetTagId"];
                /** @example dev-1 */
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
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
                /** @example 1 */
                targetTagId: components["parameters"]["TargetTagId"];
                /** @example dev-1 */
                controllerId: components["parameters"]["ControllerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTargetTagsOfTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example dev-1 */
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    assignTargetsToGroup_1: {
        parameters: {
            query: {
                /**
                 * @description The group; it may contain `/` (`eu/berlin`).
                 * @example eu/berlin
                 */
                group: components["parameters"]["GroupQuery"];
                /**
                 * @description FIQL over targets (the target list's fields) choosing the targets to move.
                 * @example controllerId==dev-*
                 */
                q: components["parameters"]["TargetQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Moved"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAssignedTargetsWithSubgroups: {
        parameters: {
            query: {
                /**
                 * @description The group; it may contain `/` (`eu/berlin`).
                 * @example eu/berlin
                 */
                group: components["parameters"]["GroupQuery"];
                /** @description Also the targets of the group's subgroups (`eu` takes in `eu/berlin` and `eu/berlin/lab`). */
                subgroups?: components["parameters"]["Subgroups"];
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the targets. */
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
    assignTargetsToGroupWithSubgroups: {
        parameters: {
            query: {
                /**
                 * @description The group; it may contain `/` (`eu/berlin`).
                 * @example eu/berlin
                 */
                group: components["parameters"]["GroupQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       "dev-1",
                 *       "dev-2"
                 *     ]
                 */
                "application/json": components["schemas"]["GroupAssignment"];
            };
        };
        responses: {
            204: components["responses"]["Moved"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    assignTargetsToGroupWithRsql: {
        parameters: {
            query: {
                /**
                 * @description FIQL over targets (the target list's fields) choosing the targets to move.
                 * @example controllerId==dev-*
                 */
                q: components["parameters"]["TargetQuery"];
            };
            header?: never;
            path: {
                /**
                 * @description The group, exactly (no subgroups).
                 * @example eu
                 */
                group: components["parameters"]["GroupPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Moved"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAssignedTargets_2: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                /**
                 * @description The group, exactly (no subgroups).
                 * @example eu
                 */
                group: components["parameters"]["GroupPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the group's targets. */
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
    assignTargetsToGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The group, exactly (no subgroups).
                 * @example eu
                 */
                group: components["parameters"]["GroupPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       "dev-1",
                 *       "dev-2"
                 *     ]
                 */
                "application/json": components["schemas"]["GroupAssignment"];
            };
        };
        responses: {
            204: components["responses"]["Moved"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getFilters: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
                /** @description hawkBit's representation of list entries. Without it, entries carry all their fields and links (hawkBit's `full`); `compact` keeps only the `self` link and leaves out the approval details of rollouts, never the fields every entry has (counts stay). Any other value is 400. */
                representation?: components["parameters"]["Representation"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of filters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetFilterPage"];
                };
            };
            400: components["responses"]["BadQuery"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createFilter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "berlin-gateways",
                 *       "query": "group==eu/berlin;name==gw-*"
                 *     }
                 */
                "application/json": components["schemas"]["TargetFilterRequest"];
            };
        };
        responses: {
            /** @description The saved filter. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetFilter"];
                };
            };
            400: components["responses"]["BadFilter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getFilter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetFilterQueryId: components["parameters"]["TargetFilterQueryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The filter. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetFilter"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateFilter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetFilterQueryId: components["parameters"]["TargetFilterQueryId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "berlin-gateways",
                 *       "query": "group==eu/berlin;tag==europe"
                 *     }
                 */
                "application/json": components["schemas"]["TargetFilterUpdate"];
            };
        };
        responses: {
            /** @description The updated filter. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetFilter"];
                };
            };
            400: components["responses"]["BadFilter"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    deleteFilter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetFilterQueryId: components["parameters"]["TargetFilterQueryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAutoAssignDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetFilterQueryId: components["parameters"]["TargetFilterQueryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The auto-assigned set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DistributionSet"];
                };
            };
            /** @description No set is attached. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postAutoAssignDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetFilterQueryId: components["parameters"]["TargetFilterQueryId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": 1,
                 *       "type": "forced",
                 *       "confirmationRequired": true
                 *     }
                 */
                "application/json": components["schemas"]["AutoAssignmentRequest"];
            };
        };
        responses: {
            /** @description The filter with its auto-assignment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetFilter"];
                };
            };
            400: components["responses"]["BadAutoAssignment"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            /** @description Unknown filter or set (`entityNotFound`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            /**
             * @description Another auto-assignment has the filter's name with another query (`entityAlreadyExists`): a filter's
             *     auto-assignment bears its name (`/rest/v1/autoassignments`).
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExceptionInfo"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    deleteAutoAssignDistributionSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                targetFilterQueryId: components["parameters"]["TargetFilterQueryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAutoAssignments: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of auto-assignments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AutoAssignmentPage"];
                };
            };
            400: components["responses"]["BadQuery"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createAutoAssignment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "eu-gateways-2.1",
                 *       "targetFilterQuery": "group==eu/*",
                 *       "distributionSetId": 6,
                 *       "actionType": "forced"
                 *     }
                 */
                "application/json": components["schemas"]["AutoAssignmentCreate"];
            };
        };
        responses: {
            /** @description The new auto-assignment. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AutoAssignment"];
                };
            };
            400: components["responses"]["responses-BadAutoAssignment"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            /** @description Unknown set (`entityNotFound`). */
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
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getAutoAssignment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no auto-assignment (404).
                 * @example 3
                 */
                autoAssignmentId: components["parameters"]["AutoAssignmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The auto-assignment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AutoAssignment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateAutoAssignment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no auto-assignment (404).
                 * @example 3
                 */
                autoAssignmentId: components["parameters"]["AutoAssignmentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "eu-gateways-2.1",
                 *       "description": "Every European gateway"
                 *     }
                 */
                "application/json": components["schemas"]["AutoAssignmentUpdate"];
            };
        };
        responses: {
            /** @description The updated auto-assignment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AutoAssignment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteAutoAssignment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no auto-assignment (404).
                 * @example 3
                 */
                autoAssignmentId: components["parameters"]["AutoAssignmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Done"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    startAutoAssignment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no auto-assignment (404).
                 * @example 3
                 */
                autoAssignmentId: components["parameters"]["AutoAssignmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Done"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IllegalState"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    pauseAutoAssignment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no auto-assignment (404).
                 * @example 3
                 */
                autoAssignmentId: components["parameters"]["AutoAssignmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Done"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IllegalState"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    resumeAutoAssignment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no auto-assignment (404).
                 * @example 3
                 */
                autoAssignmentId: components["parameters"]["AutoAssignmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Done"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IllegalState"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    approveAutoAssignment: {
        parameters: {
            query?: {
                /**
                 * @description Recorded as the auto-assignment's approvalRemark.
                 * @example Checked against the release plan
                 */
                remark?: components["parameters"]["Remark"];
            };
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no auto-assignment (404).
                 * @example 3
                 */
                autoAssignmentId: components["parameters"]["AutoAssignmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Done"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IllegalState"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    denyAutoAssignment: {
        parameters: {
            query?: {
                /**
                 * @description Recorded as the auto-assignment's approvalRemark.
                 * @example Checked against the release plan
                 */
                remark?: components["parameters"]["Remark"];
            };
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no auto-assignment (404).
                 * @example 3
                 */
                autoAssignmentId: components["parameters"]["AutoAssignmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Done"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IllegalState"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getRollouts: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
                /** @description hawkBit's representation of list entries. Without it, entries carry all their fields and links (hawkBit's `full`); `compact` keeps only the `self` link and leaves out the approval details of rollouts, never the fields every entry has (counts stay). Any other value is 400. */
                representation?: components["parameters"]["Representation"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of rollouts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RolloutPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "eu-wave-2.4",
                 *       "description": "Gateway image 2.4 for Europe, a canary, an early wave and the rest",
                 *       "targetFilterQuery": "group==eu*",
                 *       "distributionSetId": 1,
                 *       "type": "forced",
                 *       "successCondition": {
                 *         "condition": "THRESHOLD",
                 *         "expression": "80"
                 *       },
                 *       "errorCondition": {
                 *         "condition": "THRESHOLD",
                 *         "expression": "20"
                 *       },
                 *       "soakTime": "00:30:00",
                 *       "groups": [
                 *         {
                 *           "name": "canary",
                 *           "targetPercentage": 1,
                 *           "successCondition": {
                 *             "condition": "THRESHOLD",
                 *             "expression": "100"
                 *           },
                 *           "soakTime": "24:00:00"
                 *         },
                 *         {
                 *           "name": "early",
                 *           "description": "One in ten of the rest",
                 *           "targetPercentage": 10
                 *         },
                 *         {
                 *           "name": "everyone-else",
                 *           "targetPercentage": 100,
                 *           "successAction": {
                 *             "action": "NEXTGROUP",
                 *             "expression": ""
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["RolloutRequest"];
            };
        };
        responses: {
            /** @description The created rollout. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Rollout"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getRollout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rollout with its counts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Rollout"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "eu-wave-2.4-night",
                 *       "description": "Starts at night, when the gateways are idle",
                 *       "startAt": 1900000000000
                 *     }
                 */
                "application/json": components["schemas"]["RolloutUpdate"];
            };
        };
        responses: {
            /** @description The updated rollout. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Rollout"];
                };
            };
            400: components["responses"]["responses-IllegalState"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Done"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    approve: {
        parameters: {
            query?: {
                /**
                 * @description Recorded as the rollout's approvalRemark.
                 * @example Checked against the release plan
                 */
                remark?: components["parameters"]["parameters-Remark"];
            };
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Done"];
            400: components["responses"]["responses-IllegalState"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deny: {
        parameters: {
            query?: {
                /**
                 * @description Recorded as the rollout's approvalRemark.
                 * @example Checked against the release plan
                 */
                remark?: components["parameters"]["parameters-Remark"];
            };
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Done"];
            400: components["responses"]["responses-IllegalState"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    start: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Done"];
            400: components["responses"]["responses-IllegalState"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    pause: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Done"];
            400: components["responses"]["responses-IllegalState"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    resume: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Done"];
            400: components["responses"]["responses-IllegalState"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    stop: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Done"];
            400: components["responses"]["responses-IllegalState"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    triggerNextGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Done"];
            400: components["responses"]["responses-IllegalState"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    retryRollout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new rollout. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Rollout"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["QuotaExceeded"];
        };
    };
    getRolloutGroups: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
                /** @description hawkBit's representation of list entries. Without it, entries carry all their fields and links (hawkBit's `full`); `compact` keeps only the `self` link and leaves out the approval details of rollouts, never the fields every entry has (counts stay). Any other value is 400. */
                representation?: components["parameters"]["Representation"];
            };
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of groups. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RolloutGroupPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getRolloutGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
                /**
                 * @description A deploy group of the rollout.
                 * @example 1
                 */
                groupId: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group with its counts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RolloutGroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getRolloutGroupTargets: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                /**
                 * @description Ids outside the stored range name no rollout (404).
                 * @example 1
                 */
                rolloutId: components["parameters"]["RolloutId"];
                /**
                 * @description A deploy group of the rollout.
                 * @example 1
                 */
                groupId: components["parameters"]["GroupId"];
            };
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
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWebhooks: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of subscriptions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "name": "CI pipeline",
                 *         "url": "https://ci.example.com/hooks/falconet",
                 *         "eventTypes": [
                 *           "action.closed",
                 *           "rollout.statusChanged"
                 *         ]
                 *       }
                 *     ]
                 */
                "application/json": components["schemas"]["WebhookRequests"];
            };
        };
        responses: {
            /** @description The created subscriptions with their secrets, in request order. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhooks"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": false
                 *     }
                 */
                "application/json": components["schemas"]["WebhookUpdate"];
            };
        };
        responses: {
            /** @description The changed subscription (without its secret). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossSiteRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path: {
                /** @example 1 */
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getStatistics: {
        parameters: {
            query?: {
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Statistics"];
                };
            };
            400: components["responses"]["BadRequest"];
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
            429: components["responses"]["TooManyRequests"];
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
            429: components["responses"]["TooManyRequests"];
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
                /**
                 * @example {
                 *       "value": "00:10:00"
                 *     }
                 */
                "application/json": components["schemas"]["ConfigurationValueUpdate"];
            };
        };
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ReadOnly"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ReadOnly"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAuditLog: {
        parameters: {
            query?: {
                /** @description Index of the first entry (default 0; below 0 counts as 0). */
                offset?: components["parameters"]["Offset"];
                /** @description Page size (default 50, at most 500; below 1 counts as 50). */
                limit?: components["parameters"]["Limit"];
                /** @description `field:ASC` or `field:DESC`, several separated by commas. */
                sort?: components["parameters"]["Sort"];
                /** @description FIQL filter over the fields of the listed entity (the README's Management API has a table per entity), e.g. `name==dev*;updateStatus==pending`. `=is=null` and `=not=null` (aliases `=eq=`, `=ne=`) test for no value. An unknown field is 400 rsqlInvalidField, bad syntax 400 rsqlParamSyntax. */
                q?: components["parameters"]["Query"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of audit entries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntryPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
}
