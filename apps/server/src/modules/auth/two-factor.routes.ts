import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  MSG,
  TWO_FACTOR_MSG,
  adminTwoFactorStatusSchema,
  loginResponseSchema,
  okResponseSchema,
  totpSetupSchema,
  totpVerifySchema,
  twoFactorConfirmResponseSchema,
  twoFactorDisableSchema,
  twoFactorStatusSchema,
} from '@svp/shared';
import type { FastifyRequest } from 'fastify';
import { errorResponses } from '../../http/responses.js';
import { actorOf, sessionOf } from '../../http/session.js';
import type { UsersService } from '../users/users.service.js';
import type { AuthService } from './auth.service.js';
import { requestMeta } from '../../http/request-meta.js';
import type { TotpCaller, TotpService } from './totp.js';

type App = Parameters<FastifyPluginAsyncZod>[0];
const idParams = z.object({ id: z.string().uuid(MSG.admin.notFound) });

const caller = (request: FastifyRequest): TotpCaller => {
  const session = sessionOf(request);
  return { userId: session.userId, role: session.role, sessionHash: session.tokenHash, ip: request.ip };
};

/**
 * Users' optional second factor (ADR 0024), HTTP only: Settings → Security (status, enrol, confirm,
 * disable), the sign-in code step, and the admin's reset. The rules live in totp.ts.
 */
export async function twoFactorRoutes(app: App, auth: AuthService, totp: TotpService, users: UsersService) {
  const user = { access: 'user' as const };
  app.get(
    API.twoFactor,
    { config: user, schema: { tags: ['two-factor'], response: { 200: twoFactorStatusSchema, ...errorResponses } } },
    async (request) => totp.status(sessionOf(request).userId),
  );
  app.post(
    API.twoFactorSetup,
    { config: user, schema: { tags: ['two-factor'], response: { 200: totpSetupSchema, ...errorResponses } } },
    async (request) => totp.setup(sessionOf(request).userId, 'user'),
  );
  // Not idempotent on purpose: a stored answer would keep the recovery codes in the idempotency table.
  app.post(
    API.twoFactorConfirm,
    {
      config: user,
      schema: {
        tags: ['two-factor'],
        body: totpVerifySchema,
        response: { 200: twoFactorConfirmResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const recoveryCodes = await totp.verify(caller(request), request.body.code, 'enrol');
      await auth.secondFactorChanged(sessionOf(request).userId, true);
      return { success: true as const, message: TWO_FACTOR_MSG.enabled, recoveryCodes: recoveryCodes ?? [] };
    },
  );
  app.post(
    API.twoFactorDisable,
    {
      config: user,
      schema: {
        tags: ['two-factor'],
        body: twoFactorDisableSchema,
        response: { 200: okResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await totp.disable(caller(request), request.body.password, request.body.code);
      await auth.secondFactorChanged(sessionOf(request).userId, false);
      return { success: true as const, message: TWO_FACTOR_MSG.disabled };
    },
  );

  // Sign-in, step 2: a user's pending session reaches this route and no other until the code is given.
  app.post(
    API.twoFactorSignIn,
    {
      config: { access: 'user-mfa' },
      schema: {
        tags: ['auth'],
        body: totpVerifySchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await totp.verify(caller(request), request.body.code, 'sign-in');
      await auth.secondFactorPassed(sessionOf(request).userId, requestMeta(request), sessionOf(request).tokenHash);
      const snapshot = await users.snapshotById(sessionOf(request).userId);
      return { success: true as const, message: MSG.totp.verified, user: snapshot! };
    },
  );

  // The admin console: whether a user's factor is on (never its secret), and the reset.
  app.get(
    API.adminUserTwoFactor,
    {
      config: { access: 'admin', permission: 'users.read' },
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: adminTwoFactorStatusSchema, ...errorResponses },
      },
    },
    async (request) => totp.statusOf(request.params.id),
  );
  app.post(
    API.adminUserTwoFactorReset,
    {
      config: { access: 'admin', permission: 'users.edit', idempotent: true },
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: okResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await auth.resetSecondFactor(actorOf(request), request.params.id);
      return { success: true as const, message: TWO_FACTOR_MSG.reset };
    },
  );
}
