//! A board's route table ([`Routes`]): each route a method, a path below `/api/NAME` and
//! an action that takes the board and the route's own typed request, read by an axum
//! extractor ([`super::Body`], [`super::Unread`]) before the board is touched. Every route
//! is answered the same way: the request is read (a bad one refused without
//! waiting), then the board is taken from behind its own lock (so a request waits only
//! for the requests of its own game), brought up to date ([`WebBoard::settle`]), refused
//! with 409 when the route changes the board while a search runs
//! ([`WebBoard::searching`]), and answered by the action on the blocking pool; a panic
//! (a bug) is a 500 and leaves the board as it was then.

use std::sync::Arc;

use axum::extract::{FromRequest, State};
use axum::http::Method;
use axum::routing::{on, MethodFilter, MethodRouter};

use super::{Reply, Unread, WebBoard};

/// The refusal of a route that changes the board, or of a search started, while the
/// board's search runs (409).
pub const BUSY: &str = "a search is running: wait for it or cancel it";

/// A board behind its own lock, shared by its routes' handlers (their axum `State`).
pub type Shared<B> = Arc<tokio::sync::Mutex<B>>;

/// What a route does: a function of the board alone (`fn(&mut B) -> Reply`: its body is
/// [`Unread`]), or of the board and the route's typed request (`fn(&mut B, T) -> Reply`
/// with `T` an axum extractor, such as [`super::Body`]). `M` tells the two kinds apart.
pub trait Action<B, M>: Copy + Send + Sync + 'static {
    /// What the route is asked, read before the board is touched.
    type Request: FromRequest<Shared<B>> + Send + 'static;
    /// Answers `request` on `board`.
    fn act(self, board: &mut B, request: Self::Request) -> Reply;
}

impl<B: Send + 'static, F> Action<B, ()> for F
where
    F: Fn(&mut B) -> Reply + Copy + Send + Sync + 'static,
{
    type Request = Unread;

    fn act(self, board: &mut B, _: Unread) -> Reply {
        self(board)
    }
}

impl<B: Send + 'static, T, F> Action<B, (T,)> for F
where
    F: Fn(&mut B, T) -> Reply + Copy + Send + Sync + 'static,
    T: FromRequest<Shared<B>> + Send + 'static,
{
    type Request = T;

    fn act(self, board: &mut B, request: T) -> Reply {
        self(board, request)
    }
}

/// One route of a board's table, ready for the server's router: its method, its path
/// below `/api/NAME` (`""` for the board itself) and its axum handler for that method
/// (bound to the board it answers on).
pub struct BoardRoute {
    /// `GET` or `POST`.
    pub method: Method,
    /// The path below `/api/NAME` (`""`, `/click`).
    pub path: &'static str,
    /// The handler of `method` on the path; any other method falls through (the server
    /// answers it with 405).
    pub handler: MethodRouter,
}

/// A board's route table: every request its board answers, each once, in order. A
/// board declares it in [`WebBoard::routes`] by adding to the table it is handed.
pub struct Routes<B> {
    board: Shared<B>,
    routes: Vec<BoardRoute>,
}

impl<B: WebBoard> Routes<B> {
    /// An empty table of `board`, which moves behind its own lock.
    pub(super) fn of(board: B) -> Routes<B> {
        Routes { board: Arc::new(tokio::sync::Mutex::new(board)), routes: Vec::new() }
    }

    /// The routes, in the order they were added.
    pub(super) fn into_routes(self) -> Vec<BoardRoute> {
        self.routes
    }

    /// A `GET` route: reads the board.
    pub fn get<M>(self, path: &'static str, action: impl Action<B, M>) -> Routes<B> {
        self.add(Method::GET, path, false, action)
    }

    /// A `POST` route that a running search does not refuse.
    pub fn post<M>(self, path: &'static str, action: impl Action<B, M>) -> Routes<B> {
        self.add(Method::POST, path, false, action)
    }

    /// A `POST` route that changes the board: refused with 409 while
    /// [`WebBoard::searching`].
    pub fn change<M>(self, path: &'static str, action: impl Action<B, M>) -> Routes<B> {
        self.add(Method::POST, path, true, action)
    }

    fn add<M, A: Action<B, M>>(mut self, method: Method, path: &'static str, locked: bool, action: A) -> Routes<B> {
        let filter = if method == Method::GET { MethodFilter::GET } else { MethodFilter::POST };
        let handler = move |State(board): State<Shared<B>>, request: A::Request| {
            answer(board, locked, move |b: &mut B| action.act(b, request))
        };
        let handler = on(filter, handler).with_state(Arc::clone(&self.board));
        self.routes.push(BoardRoute { method, path, handler });
        self
    }
}

/// Answers a request already read: waits for the game's earlier requests (and no other
/// game's), then on the blocking pool settles the board, refuses a `locked` route with
/// 409 while a search runs, else acts; a panic (a bug) is a 500.
async fn answer<B: WebBoard>(
    board: Shared<B>,
    locked: bool,
    act: impl FnOnce(&mut B) -> Reply + Send + 'static,
) -> Reply {
    let mut board = board.lock_owned().await;
    let answered = tokio::task::spawn_blocking(move || {
        board.settle();
        if locked && board.searching() {
            return Reply::error(409, BUSY);
        }
        act(&mut board)
    });
    answered.await.unwrap_or_else(|_| Reply::internal_error())
}
