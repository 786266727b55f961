// Async boundary: shared modules (React, Fluent) are negotiated before any app code runs.
import('./bootstrap.js');
