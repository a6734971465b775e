//! Engine errors as Python exceptions: everything the caller got wrong is a `ValueError` that
//! says what.

use pyo3::PyErr;
use pyo3::exceptions::PyValueError;

/// `error` as a `ValueError`.
pub(crate) fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}
