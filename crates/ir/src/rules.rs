//! The rules: a regular expression over actions, stored as an arena of [`Node`]s addressed by
//! [`NodeId`]. Pattern bodies are sub-expressions of the same arena.
//!
//! Modifiers (offs, assignments, switches) are numbered from 1 in text order — a pre-order walk
//! from the root, children left to right, a pattern's body at the pattern's place — which is
//! the order a printer writes them and a parser reads them. A move is a sequence of
//! `(modifier index, vertex)` pairs.

use crate::ids::{DirId, NodeId, PieceId, PlayerId, VarId};
use serde::{Deserialize, Serialize};

/// Who takes control after a switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SwitchTarget {
    Player(PlayerId),
    /// `->>`: the keeper, whose moves the game manager applies automatically.
    Keeper,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    /// Integer division truncating toward zero; division by zero makes the action invalid.
    Div,
}

impl ArithOp {
    pub fn symbol(self) -> &'static str {
        match self {
            ArithOp::Add => "+",
            ArithOp::Sub => "-",
            ArithOp::Mul => "*",
            ArithOp::Div => "/",
        }
    }
}

/// An arithmetic expression, evaluated in signed 64-bit integers.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Arith {
    Const(i64),
    Var(VarId),
    /// The number of vertices holding this piece.
    Count(PieceId),
    Bin(ArithOp, Box<Arith>, Box<Arith>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CmpOp {
    Lt,
    Le,
    Eq,
    Ne,
    Gt,
    Ge,
}

impl CmpOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }

    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }
}

/// An action of the paper (§"Actions"), plus patterns.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Move the current position along an edge; invalid if there is none.
    Shift(DirId),
    /// Valid if the piece on the current vertex is in the set (sorted, no duplicates; the empty
    /// set is never valid).
    On(Vec<PieceId>),
    /// Modifier: put the piece on the current vertex.
    Off(PieceId),
    /// Modifier: assign; invalid if the value is outside `0..=bound`.
    Assign { var: VarId, value: Arith },
    Compare {
        left: Arith,
        op: CmpOp,
        right: Arith,
    },
    /// Modifier: give control to a player or the keeper; ends a move.
    Switch(SwitchTarget),
    /// `{? body}` (`positive`) or `{! body}`: is there a valid path through `body`?
    Pattern { positive: bool, body: NodeId },
}

impl Action {
    pub fn is_modifier(&self) -> bool {
        matches!(
            self,
            Action::Off(_) | Action::Assign { .. } | Action::Switch(_)
        )
    }
}

/// A node of the rules expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Node {
    Action(Action),
    /// Concatenation; with no children it is the empty word.
    Concat(Vec<NodeId>),
    /// Alternative (`+`); with no children it is the empty language.
    Sum(Vec<NodeId>),
    /// Kleene star.
    Star(NodeId),
}

/// The rules arena. Build it with [`Rules::new`], which numbers the modifiers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    nodes: Vec<Node>,
    root: NodeId,
    /// `modifiers[i - 1]` is the node of modifier index `i`.
    modifiers: Vec<NodeId>,
    /// Modifier index (1-based) of each node, 0 if the node is not a modifier or is unreachable.
    modifier_index: Vec<u32>,
}

impl Rules {
    /// Takes the nodes and the root and numbers the modifiers in text order. Nodes must form a
    /// tree below `root` (see [`crate::validate`]); unreachable nodes get no index.
    pub fn new(nodes: Vec<Node>, root: NodeId) -> Rules {
        let mut rules = Rules {
            modifier_index: vec![0; nodes.len()],
            nodes,
            root,
            modifiers: Vec::new(),
        };
        rules.number_modifiers();
        rules
    }

    fn number_modifiers(&mut self) {
        let mut stack = vec![self.root];
        let mut seen = vec![false; self.nodes.len()];
        while let Some(id) = stack.pop() {
            // A malformed arena (cycle, shared node) is reported by validation; don't loop here.
            let Some(slot) = seen.get_mut(id.index()) else {
                continue;
            };
            if std::mem::replace(slot, true) {
                continue;
            }
            match &self.nodes[id.index()] {
                Node::Action(a) => {
                    if a.is_modifier() {
                        self.modifiers.push(id);
                        self.modifier_index[id.index()] = self.modifiers.len() as u32;
                    }
                    if let Action::Pattern { body, .. } = a {
                        stack.push(*body);
                    }
                }
                Node::Concat(ch) | Node::Sum(ch) => stack.extend(ch.iter().rev()),
                Node::Star(c) => stack.push(*c),
            }
        }
    }

    pub fn root(&self) -> NodeId {
        self.root
    }

    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The 1-based modifier index of a node, if it is a modifier.
    pub fn modifier_index(&self, id: NodeId) -> Option<u32> {
        match self.modifier_index.get(id.index()) {
            Some(&i) if i > 0 => Some(i),
            _ => None,
        }
    }

    /// The node of a 1-based modifier index.
    pub fn modifier_node(&self, index: u32) -> Option<NodeId> {
        index
            .checked_sub(1)
            .and_then(|i| self.modifiers.get(i as usize).copied())
    }

    /// Number of modifiers.
    pub fn modifier_count(&self) -> usize {
        self.modifiers.len()
    }

    /// All modifier nodes in index order.
    pub fn modifiers(&self) -> &[NodeId] {
        &self.modifiers
    }

    /// Children of a node in text order (pattern bodies included).
    pub fn children(&self, id: NodeId) -> Vec<NodeId> {
        match &self.nodes[id.index()] {
            Node::Action(Action::Pattern { body, .. }) => vec![*body],
            Node::Action(_) => vec![],
            Node::Concat(ch) | Node::Sum(ch) => ch.clone(),
            Node::Star(c) => vec![*c],
        }
    }
}

/// A convenience builder for front ends and tests: push nodes, then [`RulesBuilder::finish`].
#[derive(Default, Debug, Clone)]
pub struct RulesBuilder {
    pub nodes: Vec<Node>,
    pub spans: Vec<crate::Span>,
}

impl RulesBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, node: Node, span: crate::Span) -> NodeId {
        self.nodes.push(node);
        self.spans.push(span);
        NodeId::from_index(self.nodes.len() - 1)
    }

    pub fn action(&mut self, a: Action) -> NodeId {
        self.push(Node::Action(a), crate::Span::DUMMY)
    }

    pub fn concat(&mut self, ch: Vec<NodeId>) -> NodeId {
        self.push(Node::Concat(ch), crate::Span::DUMMY)
    }

    pub fn sum(&mut self, ch: Vec<NodeId>) -> NodeId {
        self.push(Node::Sum(ch), crate::Span::DUMMY)
    }

    pub fn star(&mut self, c: NodeId) -> NodeId {
        self.push(Node::Star(c), crate::Span::DUMMY)
    }

    /// The rules with `root`, and the node spans (for `SpanTable::nodes`).
    pub fn finish(self, root: NodeId) -> (Rules, Vec<crate::Span>) {
        (Rules::new(self.nodes, root), self.spans)
    }
}

impl Rules {
    /// Nodes reachable from the root in post-order (children before parents, pattern bodies
    /// before their pattern), computed without recursion so deep expressions cannot overflow
    /// the stack. Each node appears once even in a malformed (non-tree) arena.
    pub fn postorder(&self) -> Vec<NodeId> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut seen = vec![false; self.nodes.len()];
        let mut stack = vec![(self.root, false)];
        while let Some((id, expanded)) = stack.pop() {
            if expanded {
                out.push(id);
                continue;
            }
            match seen.get_mut(id.index()) {
                Some(s) if !*s => *s = true,
                _ => continue,
            }
            stack.push((id, true));
            for c in self.children(id).into_iter().rev() {
                stack.push((c, false));
            }
        }
        out
    }
}
