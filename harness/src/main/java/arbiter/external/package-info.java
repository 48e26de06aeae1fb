/**
 * External engines as players: a program (or a DXP peer) driven over its protocol (UCI, XBoard, Hub,
 * DXP, gnubg), its process and its lifetime, and the rules each protocol sets on a player's options and
 * limits ({@link arbiter.external.ProtocolRules}).
 */
package arbiter.external;
