import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  MSG,
  adminAdjustSchema,
  adminContactUpdateSchema,
  adminFieldUpdateSchema,
  adminLookupQuerySchema,
  adminUserDetailsSchema,
  adminUserListSchema,
  adminUsersQuerySchema,
  auditListSchema,
  datasetRowUpdateSchema,
  datasetsSchema,
  flaggedDepositListSchema,
  okResponseSchema,
  overviewSchema,
} from '@svp/shared';
import type { AdminReportsService } from './admin-reports.service.js';
import type { AdminUsersService } from './admin-users.service.js';
import { errorResponses } from '../../http/responses.js';
import { actorOf as actor } from '../../http/session.js';

const idParams = z.object({ id: z.string().uuid(MSG.admin.notFound) });
const withUser = z.object({ success: z.literal(true), message: z.string(), user: adminUserDetailsSchema });

/** Admin console API: every route is admin-only and every change is audited by the services. */
export function adminRoutes(usersAdmin: AdminUsersService, reports: AdminReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { access: 'admin' as const };
    const mutating = { access: 'admin' as const, idempotent: true };
    app.get(
      API.adminOverview,
      {
        config: { ...admin, permission: 'overview.read' },
        schema: { tags: ['admin'], response: { 200: overviewSchema, ...errorResponses } },
      },
      async () => reports.overview(),
    );
    app.get(
      API.adminAudit,
      {
        config: { ...admin, permission: 'audit.read' },
        schema: { tags: ['admin'], response: { 200: auditListSchema, ...errorResponses } },
      },
      async () => reports.audit(),
    );
    app.get(
      API.adminFlaggedDeposits,
      {
        config: { ...admin, permission: 'deposits.read' },
        schema: { tags: ['admin'], response: { 200: flaggedDepositListSchema, ...errorResponses } },
      },
      async () => reports.flaggedDeposits(),
    );
    app.get(
      API.adminUsers,
      {
        config: { ...admin, permission: 'users.read' },
        schema: {
          tags: ['admin'],
          querystring: adminUsersQuerySchema,
          response: { 200: adminUserListSchema, ...errorResponses },
        },
      },
      async (request) => usersAdmin.list(request.query),
    );
    app.get(
      API.adminUserLookup,
      {
        config: { ...admin, permission: 'users.read' },
        schema: {
          tags: ['admin'],
          querystring: adminLookupQuerySchema,
          response: { 200: adminUserDetailsSchema, ...errorResponses },
        },
      },
      async (request) => usersAdmin.lookup(request.query.email),
    );
    app.post(
      API.adminUserField,
      {
        config: { ...mutating, permission: 'users.edit' },
        schema: {
          tags: ['admin'],
          params: idParams,
          body: adminFieldUpdateSchema,
          response: { 200: withUser, ...errorResponses },
        },
      },
      async (request) =>
        usersAdmin.updateField(actor(request), request.params.id, request.body.field, request.body.value),
    );
    app.post(
      API.adminUserContact,
      {
        config: { ...mutating, permission: 'users.edit' },
        schema: {
          tags: ['admin'],
          params: idParams,
          body: adminContactUpdateSchema,
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) => usersAdmin.updateContact(actor(request), request.params.id, request.body),
    );
    app.post(
      API.adminUserAdjust,
      {
        config: { ...mutating, permission: 'adjustments.post' },
        schema: {
          tags: ['admin'],
          params: idParams,
          body: adminAdjustSchema,
          response: { 200: withUser, ...errorResponses },
        },
      },
      async (request) => usersAdmin.adjust(actor(request), request.params.id, request.body),
    );
    app.get(
      API.adminDatasets,
      {
        config: { ...admin, permission: 'users.read' },
        schema: { tags: ['admin'], response: { 200: datasetsSchema, ...errorResponses } },
      },
      async () => usersAdmin.datasets(),
    );
    app.post(
      API.adminDatasetRow,
      {
        config: { ...mutating, permission: 'users.edit' },
        schema: {
          tags: ['admin'],
          params: z.object({ table: z.string().max(40), id: z.string().uuid(MSG.admin.notFound) }),
          body: datasetRowUpdateSchema,
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) =>
        usersAdmin.updateDatasetRow(actor(request), request.params.table, request.params.id, request.body),
    );
  };
}
