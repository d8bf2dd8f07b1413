import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  API,
  accountLanguageRequestSchema,
  accountLanguageResponseSchema,
  accountSecuritySchema,
  accountSessionsSchema,
  changeEmailSchema,
  changePasswordSchema,
  okResponseSchema,
  revokeSessionsResponseSchema,
  sessionIdParamsSchema,
  signInHistorySchema,
  verifyEmailResponseSchema,
  verifyEmailSchema,
} from '@svp/shared';
import { errorResponses } from '../../http/responses.js';
import { actorOf, sessionOf } from '../../http/session.js';
import type { AccountService, Caller } from './account.service.js';
import type { EmailVerificationService } from './email-verification.service.js';

const caller = (request: FastifyRequest): Caller => ({ ...actorOf(request), tokenHash: sessionOf(request).tokenHash });

/** HTTP only: Settings → Security and the e-mail verification link (ADR 0023). */
export function accountRoutes(account: AccountService, email: EmailVerificationService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['account'];

    app.get(
      API.accountSecurity,
      { config: { access: 'user' }, schema: { tags, response: { 200: accountSecuritySchema, ...errorResponses } } },
      async (request) => email.status(sessionOf(request).userId),
    );

    app.post(
      API.accountPassword,
      {
        config: { access: 'user', idempotent: true },
        schema: { tags, body: changePasswordSchema, response: { 200: okResponseSchema, ...errorResponses } },
      },
      async (request) => account.changePassword(caller(request), request.body),
    );

    app.post(
      API.accountEmail,
      {
        config: { access: 'user', idempotent: true },
        schema: { tags, body: changeEmailSchema, response: { 200: okResponseSchema, ...errorResponses } },
      },
      async (request) => email.requestChange(caller(request), request.body),
    );

    app.post(
      API.accountEmailResend,
      {
        config: { access: 'user', idempotent: true },
        schema: { tags, response: { 200: okResponseSchema, ...errorResponses } },
      },
      async (request) => email.resend(caller(request)),
    );

    // The link opens a page of the web app, which calls these; it may be opened signed out, on another device.
    app.get(
      API.accountEmailVerify,
      {
        config: { access: 'public' },
        schema: { tags, querystring: verifyEmailSchema, response: { 200: okResponseSchema, ...errorResponses } },
      },
      async (request) => email.check(request.query.token, request.ip),
    );

    app.post(
      API.accountEmailVerify,
      {
        config: { access: 'public' },
        schema: { tags, body: verifyEmailSchema, response: { 200: verifyEmailResponseSchema, ...errorResponses } },
      },
      async (request) => email.verify(request.body.token, request.ip),
    );

    app.get(
      API.accountSessions,
      { config: { access: 'user' }, schema: { tags, response: { 200: accountSessionsSchema, ...errorResponses } } },
      async (request) => account.listSessions(caller(request)),
    );

    app.post(
      API.accountSessionRevoke,
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: sessionIdParamsSchema,
          response: { 200: revokeSessionsResponseSchema, ...errorResponses },
        },
      },
      async (request) => account.endSession(caller(request), request.params.id),
    );

    app.post(
      API.accountSessionsRevokeOthers,
      {
        config: { access: 'user' },
        schema: { tags, response: { 200: revokeSessionsResponseSchema, ...errorResponses } },
      },
      async (request) => account.endOtherSessions(caller(request)),
    );

    app.put(
      API.accountLanguage,
      {
        config: { access: 'user' },
        schema: {
          tags,
          body: accountLanguageRequestSchema,
          response: { 200: accountLanguageResponseSchema, ...errorResponses },
        },
      },
      async (request) => account.setLanguage(sessionOf(request).userId, request.body.language),
    );

    app.get(
      API.accountSignIns,
      { config: { access: 'user' }, schema: { tags, response: { 200: signInHistorySchema, ...errorResponses } } },
      async (request) => account.signIns(sessionOf(request).userId),
    );
  };
}
