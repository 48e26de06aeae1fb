/**
 * The test service's HTTP side ({@code arbiter serve}): authentication by bearer tokens, who may call
 * what, bounded bodies, one line for what is refused ({@link arbiter.service.api.ServiceServer}); the
 * calls that run as steps of the group commit ({@link arbiter.service.api.Service}); users and tokens
 * ({@link arbiter.service.api.Accounts}); the first start's admin and token files
 * ({@link arbiter.service.api.ServiceHost}).
 */
package arbiter.service.api;
