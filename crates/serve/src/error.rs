//! An answer that is not a result: a status and a JSON body `{"error", "diagnostics"}`
//! (diagnostics in the `check --json` shape, or empty).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    pub diagnostics: Value,
}

impl ApiError {
    /// The request is understood but its content is wrong (a game, a move, an option).
    pub fn invalid(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
            diagnostics: json!([]),
        }
    }

    /// The same, with diagnostics against a text.
    pub fn with_diagnostics(mut self, diagnostics: Value) -> ApiError {
        self.diagnostics = diagnostics;
        self
    }

    /// The server cannot do it now (busy, or the time budget ran out).
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
            diagnostics: json!([]),
        }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
            diagnostics: json!([]),
        }
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
            diagnostics: json!([]),
        }
    }

    /// Our bug (a panic in a job).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
            diagnostics: json!([]),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({ "error": self.message, "diagnostics": self.diagnostics });
        (self.status, Json(body)).into_response()
    }
}
