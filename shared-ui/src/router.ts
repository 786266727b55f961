/**
 * The router every app uses, shared as its own module ('shared-ui/router') instead of sharing
 * react-router-dom: a shared module is provided whole, and react-router-dom is 68 KB gzip of data
 * routers, server rendering and hydration the apps never use. Re-exported here, only what the
 * apps import is bundled (issue 16), and one shared copy keeps one router context for all apps.
 * Import router parts from here; add a name here when a screen needs another.
 */
export { BrowserRouter, Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
